/** The CLI run in this process, its output captured: what the CLI tests share. */
import { type CliIO, runCli } from '../../src/cli/run-cli.js';

/**
 * Runs `sitemapkit` with `args`; `io` sets the rest of its IO (terminals, environment).
 * @example await captureCli(['build', 'dist', '--site', 'https://e.com'])
 */
export async function captureCli(
  args: string[],
  io: Partial<Omit<CliIO, 'stdout' | 'stderr'>> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    ...io,
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
  });
  return { code, stdout, stderr };
}
