/**
 * The progress line of a long build. A pseudo-terminal is hard to get in a test, so the module is
 * tested as a unit with a fake terminal ({ isTTY, write }) and fake timers; then `runCli` in this
 * process with a terminal it is told it has; then the built bin, piped, prints only its summary.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressText, progressWanted, startProgress } from '../../src/cli/progress.js';
import { generateSitemaps } from '../../src/generate-sitemaps.js';
import type { BuildProgress } from '../../src/types.js';
import { captureCli } from '../helpers/cli.js';
import { makeTree, page, type Tree } from '../helpers/fixture.js';

const BIN = new URL('../../dist/bin.js', import.meta.url).pathname;
const CLEAR = '\u001b[K';

/** A fake terminal that keeps what is written to it. */
function terminal(isTTY = true, columns?: number) {
  const writes: string[] = [];
  return { writes, stream: { isTTY, columns, write: (t: string) => void writes.push(t) } };
}

describe('progressWanted', () => {
  const rows: Array<[string, boolean | undefined, Record<string, string>, boolean]> = [
    ['a terminal', true, {}, true],
    ['piped', false, {}, false],
    ['no isTTY at all', undefined, {}, false],
    ['in CI', true, { CI: 'true' }, false],
    ['CI=1', true, { CI: '1' }, false],
    ['CI empty', true, { CI: '' }, true],
    ['CI=false', true, { CI: 'false' }, true],
    ['TERM=dumb', true, { TERM: 'dumb' }, false],
  ];
  for (const [what, isTTY, env, wanted] of rows) {
    it(`${what}: ${wanted ? 'drawn' : 'not drawn'}`, () => {
      expect(progressWanted({ isTTY }, env)).toBe(wanted);
    });
  }
});

describe('progressText', () => {
  const rows: Array<[Parameters<typeof progressText>, string]> = [
    [[null, 0, 1600], 'sitemapkit: looking for pages… (1 s)'],
    [[{ stage: 'walk', done: 48000 }, 48000, 3200], 'sitemapkit: 48,000 pages found… (3 s)'],
    [[{ stage: 'walk', done: 1 }, 1, 2000], 'sitemapkit: 1 page found… (2 s)'],
    [
      [{ stage: 'describe', done: 0, total: 48000 }, 48000, 12_000],
      'sitemapkit: 48,000 pages found; reading their sources and heads… (12 s)',
    ],
    [
      [{ stage: 'write', done: 0 }, 48000, 125_000],
      'sitemapkit: 48,000 pages found; writing the sitemaps… (2 min 5 s)',
    ],
    [
      [{ stage: 'write', done: 3, total: 3 }, 48000, 20_000],
      'sitemapkit: 48,000 pages found; writing the sitemaps… (3 of 3 files) (20 s)',
    ],
  ];
  for (const [args, text] of rows) it(text, () => expect(progressText(...args)).toBe(text));
});

describe('startProgress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a quick build draws nothing, and clears nothing', () => {
    const { writes, stream } = terminal();
    const progress = startProgress({ stream, env: {} });
    progress.update({ stage: 'walk', done: 1000 });
    vi.advanceTimersByTime(1400);
    progress.update({ stage: 'walk', done: 2000 });
    progress.stop();
    vi.advanceTimersByTime(5000);
    expect(writes).toEqual([]);
  });

  it('after 1.5 s, one line redrawn in place, then cleared at the end', () => {
    const { writes, stream } = terminal();
    const progress = startProgress({ stream, env: {} });
    progress.update({ stage: 'walk', done: 48000 });
    vi.advanceTimersByTime(1500);
    expect(writes).toEqual([`\rsitemapkit: 48,000 pages found… (1 s)${CLEAR}`]);
    progress.update({ stage: 'describe', done: 0, total: 48000 });
    // Within 100 ms of the last draw: not drawn now, but by the next tick.
    expect(writes).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(writes.at(-1)).toBe(
      `\rsitemapkit: 48,000 pages found; reading their sources and heads… (1 s)${CLEAR}`,
    );
    vi.advanceTimersByTime(1000);
    expect(writes.at(-1)?.endsWith(`(2 s)${CLEAR}`)).toBe(true);
    progress.stop();
    progress.stop();
    expect(writes.at(-1)).toBe(`\r${CLEAR}`);
    expect(writes.filter((w) => w === `\r${CLEAR}`)).toHaveLength(1);
    const drawn = writes.length;
    vi.advanceTimersByTime(5000);
    expect(writes).toHaveLength(drawn);
  });

  it('draws at most every 100 ms, however often the core calls', () => {
    const { writes, stream } = terminal();
    const progress = startProgress({ stream, env: {} });
    vi.advanceTimersByTime(1500);
    const before = writes.length;
    for (let i = 1; i <= 50; i++) progress.update({ stage: 'walk', done: i * 1000 });
    expect(writes.length - before).toBeLessThanOrEqual(1);
    progress.stop();
  });

  it('cuts the line to the width of the terminal', () => {
    const { writes, stream } = terminal(true, 20);
    const progress = startProgress({ stream, env: {} });
    progress.update({ stage: 'walk', done: 48000 });
    vi.advanceTimersByTime(1500);
    // 19 columns: one short of the width, so the line never wraps.
    expect(writes[0]).toBe(`\rsitemapkit: 48,000 ${CLEAR}`);
    progress.stop();
  });

  for (const [what, isTTY, env] of [
    ['piped', false, {}],
    ['in CI', true, { CI: 'true' }],
    ['TERM=dumb', true, { TERM: 'dumb' }],
  ] as const) {
    it(`${what}: nothing, however long the build`, () => {
      const { writes, stream } = terminal(isTTY);
      const progress = startProgress({ stream, env });
      progress.update({ stage: 'walk', done: 1000 });
      vi.advanceTimersByTime(60_000);
      progress.update({ stage: 'write', done: 0 });
      progress.stop();
      expect(writes).toEqual([]);
    });
  }
});

describe("the core's onProgress", () => {
  it('hears of the walk every 1,000 pages, then of each stage', async () => {
    const tree: Tree = {};
    for (let i = 0; i < 2500; i++) tree[`dist/p${i}/index.html`] = page();
    const root = await makeTree(tree);
    const heard: BuildProgress[] = [];
    const result = await generateSitemaps({
      site: 'https://e.com',
      outDir: join(root, 'dist'),
      lastmod: '2024-01-01',
      onProgress: (progress) => void heard.push(progress),
    });
    const files = result.files.length;
    expect(heard).toEqual([
      { stage: 'walk', done: 1000 },
      { stage: 'walk', done: 2000 },
      { stage: 'walk', done: 2500 },
      { stage: 'describe', done: 0, total: 2500 },
      { stage: 'describe', done: 2500, total: 2500 },
      { stage: 'write', done: 0 },
      { stage: 'write', done: files, total: files },
    ]);
  });

  it('must be a function', async () => {
    const root = await makeTree({ 'dist/index.html': page() });
    await expect(
      generateSitemaps({
        site: 'https://e.com',
        outDir: join(root, 'dist'),
        onProgress: 'yes' as unknown as () => void,
      }),
    ).rejects.toMatchObject({
      code: 'invalid-options',
      problems: ['`onProgress` must be a function; got string'],
    });
  });
});

describe('through the CLI', () => {
  /** 1,200 pages, dated by --lastmod (so the build has no warning to print). */
  const dated = ['--site', 'https://e.com', '--lastmod', '2024-01-01'];
  let made: Promise<string> | undefined;
  /** One site for every case here: a build leaves it as it found it, but for its sitemaps. */
  function site(): Promise<string> {
    if (!made) {
      const tree: Tree = {};
      for (let i = 0; i < 1200; i++) tree[`dist/p${i}/index.html`] = page();
      made = makeTree(tree);
    }
    return made;
  }

  /** runCli in this process, told stderr is (or is not) a terminal; the line shows at once. */
  const cli = (args: string[], stderrIsTTY: boolean, env: Record<string, string> = {}) =>
    captureCli(args, { stderrIsTTY, env, progressDelayMs: 0 });

  it('on a terminal: the pages found, drawn in place and cleared before anything else', async () => {
    const root = await site();
    const { code, stdout, stderr } = await cli(['build', join(root, 'dist'), ...dated], true);
    expect(code).toBe(0);
    // Frames, each drawn over the last; the last one clears the line.
    const frames = stderr.split('\r');
    expect(frames.shift()).toBe('');
    expect(frames.pop()).toBe(CLEAR);
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames) {
      expect(frame.startsWith('sitemapkit: ')).toBe(true);
      expect(frame.endsWith(` s)${CLEAR}`)).toBe(true);
    }
    expect(stderr).toMatch(/sitemapkit: [\d,]+ pages found/);
    expect(stdout).toMatch(/^sitemapkit: 1200 pages found/);
  });

  for (const [what, args, isTTY, env] of [
    ['piped', [], false, {}],
    ['in CI', [], true, { CI: 'true' }],
    ['--quiet', ['--quiet'], true, {}],
    ['--json', ['--json'], true, {}],
  ] as const) {
    it(`${what}: no progress`, async () => {
      const root = await site();
      const { stderr } = await cli(['build', join(root, 'dist'), ...dated, ...args], isTTY, env);
      expect(stderr).toBe('');
    });
  }

  it('the built bin, piped: the summary and nothing else', async () => {
    const root = await site();
    const env = { ...process.env };
    delete env.CI;
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [BIN, 'build', join(root, 'dist'), ...dated],
      { env },
    );
    expect(stderr).toBe('');
    expect(stdout).toMatch(
      /^sitemapkit: 1200 pages found, 1200 listed, [^\n]*\n( {2}[^\n]+\n){2}$/,
    );
  });
});
