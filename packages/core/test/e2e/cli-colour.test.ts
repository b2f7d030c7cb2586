/**
 * Colour only where a person reads it (https://no-color.org): the rule as a table over isTTY,
 * NO_COLOR, FORCE_COLOR and TERM; then `runCli` told it has a terminal; then the built bin,
 * piped, writes no escape character at all (and FORCE_COLOR=1 forces colour even there).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { colourWanted, styleFor } from '../../src/cli/colour.js';
import { captureCli } from '../helpers/cli.js';
import { makeTree, page } from '../helpers/fixture.js';

const BIN = new URL('../../dist/bin.js', import.meta.url).pathname;
const ESC = '\u001b';

describe('colourWanted', () => {
  const rows: Array<[boolean | undefined, Record<string, string>, boolean]> = [
    [true, {}, true],
    [false, {}, false],
    [undefined, {}, false],
    [true, { NO_COLOR: '1' }, false],
    [true, { NO_COLOR: 'false' }, false], // any value but empty: no-color.org
    [true, { NO_COLOR: '' }, true],
    [true, { TERM: 'dumb' }, false],
    [true, { TERM: 'xterm-256color' }, true],
    [false, { FORCE_COLOR: '1' }, true],
    [false, { FORCE_COLOR: '' }, true],
    [true, { FORCE_COLOR: '0' }, false],
    [true, { FORCE_COLOR: 'false' }, false],
    [true, { NO_COLOR: '1', FORCE_COLOR: '1' }, true], // forced wins, as in Node
    [false, { TERM: 'dumb', FORCE_COLOR: '3' }, true],
  ];
  for (const [isTTY, env, wanted] of rows) {
    it(`isTTY ${isTTY}, ${JSON.stringify(env)}: ${wanted ? 'colour' : 'plain'}`, () => {
      expect(colourWanted({ isTTY }, env)).toBe(wanted);
    });
  }

  it('styles text only when colour is wanted', () => {
    const on = styleFor({ isTTY: true }, {});
    expect(on.red('x')).toBe(`${ESC}[31mx${ESC}[39m`);
    expect(on.yellow('x')).toBe(`${ESC}[33mx${ESC}[39m`);
    expect(on.bold('x')).toBe(`${ESC}[1mx${ESC}[22m`);
    const off = styleFor({ isTTY: true }, { NO_COLOR: '1' });
    expect([off.red('x'), off.yellow('x'), off.bold('x')]).toEqual(['x', 'x', 'x']);
  });
});

/** A site whose build warns (no page has a date), so there is a warning to colour. */
async function undatedSite(): Promise<string> {
  return makeTree({ 'dist/index.html': page(), 'dist/about/index.html': page() });
}

describe('through the CLI', () => {
  const cli = (args: string[], tty: boolean, env: Record<string, string>) =>
    captureCli(args, { stdoutIsTTY: tty, stderrIsTTY: tty, env: { CI: 'true', ...env } });

  it('on a terminal: counts in bold, "warning:" in yellow, errors in red', async () => {
    const root = await undatedSite();
    const built = await cli(['build', join(root, 'dist'), '--site', 'https://e.com'], true, {});
    expect(built.stdout).toMatch(new RegExp(`^sitemapkit: ${ESC}\\[1m2${ESC}\\[22m pages found`));
    expect(built.stderr).toMatch(new RegExp(`^${ESC}\\[33mwarning:${ESC}\\[39m 2 of 2 pages`));
    const failed = await cli(['build', join(root, 'nowhere'), '--site', 'https://e.com'], true, {});
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(new RegExp(`^${ESC}\\[31msitemapkit: outDir .* does not exist`));
    const typo = await cli(['biuld'], true, {});
    expect(typo.stderr).toBe(
      `${ESC}[31msitemapkit: unknown command "biuld"; did you mean build?${ESC}[39m\nRun "sitemapkit --help" for usage.\n`,
    );
  });

  it('on a terminal with NO_COLOR, or TERM=dumb: plain', async () => {
    const root = await undatedSite();
    for (const env of [{ NO_COLOR: '1' }, { TERM: 'dumb' }] as Array<Record<string, string>>) {
      const { stdout, stderr } = await cli(
        ['build', join(root, 'dist'), '--site', 'https://e.com'],
        true,
        env,
      );
      expect(stdout + stderr).not.toContain(ESC);
    }
  });

  it('the built bin, piped: no escape character anywhere; FORCE_COLOR=1 forces colour', async () => {
    const root = await undatedSite();
    const run = (env: NodeJS.ProcessEnv, ...args: string[]) =>
      promisify(execFile)(process.execPath, [BIN, ...args], { env }).catch(
        (e: { stdout: string; stderr: string }) => e,
      );
    const env = { ...process.env };
    delete env.FORCE_COLOR;
    delete env.NO_COLOR;
    const build = ['build', join(root, 'dist'), '--site', 'https://e.com'];
    for (const args of [build, ['biuld'], ['build', join(root, 'nowhere'), '--site', 'x']]) {
      const { stdout, stderr } = await run(env, ...args);
      expect(stdout + stderr).not.toContain(ESC);
      expect(stdout + stderr).not.toBe('');
    }
    const forced = await run({ ...env, FORCE_COLOR: '1' }, ...build);
    expect(forced.stdout).toContain(`${ESC}[1m`);
    expect(forced.stderr).toContain(`${ESC}[33mwarning:`);
  });
});
