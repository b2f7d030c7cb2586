/**
 * Runs the Eleventy probe (eleventy-probe.ts) in a child process in the project folder, as
 * `npx @11ty/eleventy` would run there: Eleventy reads its config and folders from the working
 * directory, sets environment variables and keeps module state, none of which may leak into this
 * process. The answer comes back over IPC, so whatever the config prints is only kept for an
 * error message.
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ProbeRequest, ProbeResult } from './eleventy-probe.js';

/** The probe's answer, or why there is none (`process`: it died, hung or could not start). */
export type ProbeOutcome = ProbeResult | { ok: false; stage: 'process'; message: string };

/** How long Eleventy may take to map a site's pages before detection gives up. */
export const PROBE_TIMEOUT_MS = 120_000;
/** How much of the child's own output is kept for the message when it dies. */
const OUTPUT_TAIL = 2_000;

/** The compiled probe, or its TypeScript source when running from the sources (the tests). */
function probeFile(): string {
  for (const name of ['./eleventy-probe.js', './eleventy-probe.ts']) {
    const file = fileURLToPath(new URL(name, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error('eleventy-probe.js is missing beside eleventy-run-probe.js');
}

/** The last lines of what the child printed, on one line. */
function tail(output: string): string {
  const lines = output.trim().split('\n').slice(-5).join(' | ');
  return lines.length > 400 ? `…${lines.slice(-400)}` : lines;
}

/**
 * Asks the project's Eleventy at `root` for its pages.
 * @example const result = await runEleventyProbe('my-blog', { output: 'dist' });
 *   if (result.ok) console.log(result.pages.length);
 */
export function runEleventyProbe(
  root: string,
  request: ProbeRequest,
  timeoutMs: number = PROBE_TIMEOUT_MS,
): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    let output = '';
    let answered = false;
    const finish = (outcome: ProbeOutcome) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    let child: ReturnType<typeof fork>;
    try {
      child = fork(probeFile(), [JSON.stringify(request)], {
        cwd: root,
        // Not this process's flags (a test runner's loaders): a plain `node`, as Eleventy's CLI.
        execArgv: [],
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        serialization: 'json',
      });
    } catch (error) {
      resolve({ ok: false, stage: 'process', message: (error as Error).message });
      return;
    }
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({
        ok: false,
        stage: 'process',
        message: `Eleventy did not map the pages within ${timeoutMs / 1000} s`,
      });
    }, timeoutMs);
    child.on('message', (message) => finish(message as ProbeResult));
    child.on('error', (error) => finish({ ok: false, stage: 'process', message: error.message }));
    // 'close', not 'exit': the last IPC message may arrive after the process has exited.
    child.on('close', (code, signal) => {
      const printed = tail(output);
      finish({
        ok: false,
        stage: 'process',
        message: `Eleventy exited (${signal ?? `code ${code}`}) before answering${printed ? `: ${printed}` : ''}`,
      });
    });
  });
}
