/**
 * What the CLI says when something is wrong, through the built bin in a child process: typos get
 * the nearest flag or command (exit 2), strict-mode errors name the frontmatter field and say the
 * build fails, and advice fits the kind of source. The matcher behind "did you mean" is pure,
 * and tested here as a table first.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { withFlagNames } from '../../src/cli/flag-names.js';
import { closest, editDistance } from '../../src/options/did-you-mean.js';
import { makeTree, page } from '../helpers/fixture.js';

const BIN = new URL('../../dist/bin.js', import.meta.url).pathname;
const SITE = 'https://e.com';

/** The CLI as a user runs it: a child process, output piped, no colour variables. */
async function sitemapkit(args: string[], cwd?: string) {
  const env = { ...process.env };
  delete env.FORCE_COLOR;
  delete env.NO_COLOR;
  return promisify(execFile)(process.execPath, [BIN, ...args], { env, cwd }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}

describe('did you mean', () => {
  const flags = ['--site', '--base', '--trailing-slash', '--max-urls', '--max-bytes', '--no-git'];
  const rows: Record<string, string | undefined> = {
    '--sit': '--site', // a letter short
    '--stie': '--site', // two letters swapped
    '--sites': '--site',
    '--trailingSlash': '--trailing-slash', // the API's spelling
    '--trailing_slash': '--trailing-slash',
    '--max-url': '--max-urls',
    '--no-gi': '--no-git',
    '--max': undefined, // the start of two flags: no guess
    '--frobnicate': undefined,
    '--x': undefined,
  };
  for (const [typed, meant] of Object.entries(rows)) {
    it(`${typed} -> ${meant ?? 'nothing'}`, () => {
      expect(closest(typed, flags)).toBe(meant);
    });
  }

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('biuld', 'build')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('usage errors through the real CLI', () => {
  const build = (...flags: string[]) => ['build', 'dist', '--site', SITE, ...flags];
  const rows: Array<[string[], string]> = [
    [
      ['build', 'dist', '--sit', SITE],
      'unknown option --sit; did you mean --site?\nRun "sitemapkit build --help" for usage.',
    ],
    [
      build('--trailingSlash', 'never'),
      'unknown option --trailingSlash; did you mean --trailing-slash?\nRun "sitemapkit build --help" for usage.',
    ],
    [
      build('--no-robots'),
      'unknown option --no-robots; did you mean --no-robots-txt?\nRun "sitemapkit build --help" for usage.',
    ],
    [
      build('--verbos'),
      'unknown option --verbos; did you mean --verbose?\nRun "sitemapkit build --help" for usage.',
    ],
    [['build', 'dist', '--site'], '--site needs a value\nRun "sitemapkit build --help" for usage.'],
    [build('--gzip=yes'), '--gzip takes no value\nRun "sitemapkit build --help" for usage.'],
    [
      build('--quiet', '--verbose'),
      '--quiet and --verbose ask for opposite things; give one\nRun "sitemapkit build --help" for usage.',
    ],
    [['biuld'], 'unknown command "biuld"; did you mean build?\nRun "sitemapkit --help" for usage.'],
    [
      ['valdiate', 'dist'],
      'unknown command "valdiate"; did you mean validate?\nRun "sitemapkit --help" for usage.',
    ],
    [
      ['dist', '--site', SITE],
      'unknown command "dist"; to build that folder: sitemapkit build dist --site <url>\nRun "sitemapkit --help" for usage.',
    ],
    [
      ['--verison'],
      'unknown option --verison; did you mean --version?\nRun "sitemapkit --help" for usage.',
    ],
  ];
  for (const [args, message] of rows) {
    it(`sitemapkit ${args.join(' ')}: exit 2, one message and where the help is`, async () => {
      const { code, stdout, stderr } = await sitemapkit(args);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(`sitemapkit: ${message}\n`);
    });
  }

  it('the help it points to lists --verbose', async () => {
    const { code, stdout } = await sitemapkit(['build', '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ {2}--verbose {2,}list every file written/m);
  });
});

describe('frontmatter fields are fields, never flags', () => {
  const tree = {
    'dist/index.html': page(),
    'dist/post/index.html': page(),
    'content/post.md': '---\nlastmod: 2024-13-45\n---\n',
  };

  it('strict mode: the error names the field and says the build fails (exit 1)', async () => {
    const root = await makeTree(tree);
    const { code, stdout, stderr } = await sitemapkit(
      ['build', 'dist', '--site', SITE, '--source', 'content', '--strict'],
      root,
    );
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'sitemapkit: content/post.md: frontmatter field "lastmod" 2024-13-45 is not a real date; the build fails, as --strict is on\n',
    );
  });

  it('strict mode: invalid frontmatter says the build fails, not that the page stays', async () => {
    const root = await makeTree({ ...tree, 'content/post.md': '---\ntitle: [oops\n---\n' });
    const { code, stderr } = await sitemapkit(
      ['build', 'dist', '--site', SITE, '--source', 'content', '--strict'],
      root,
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^sitemapkit: content\/post\.md:\d+: invalid YAML frontmatter: .*; the build fails, as --strict is on\n$/,
    );
    expect(stderr).not.toMatch(/the page stays/);
  });

  it('without strict: a warning that names the field and says the value is not used', async () => {
    const root = await makeTree(tree);
    const { code, stderr } = await sitemapkit(
      ['build', 'dist', '--site', SITE, '--source', 'content', '--quiet'],
      root,
    );
    expect(code).toBe(0);
    expect(stderr).toContain(
      'warning: content/post.md: frontmatter field "lastmod" 2024-13-45 is not a real date; not used\n',
    );
    expect(stderr).not.toContain('--lastmod');
  });

  const names: Record<string, string> = {
    'map them with `sources`': 'map them with --source',
    'set `lastmod`': 'set --lastmod',
    'frontmatter field "lastmod" is not a date': 'frontmatter field "lastmod" is not a date',
    'frontmatter field `lastmod` is not a date': 'frontmatter field `lastmod` is not a date',
    'the build fails, as `strict` is on': 'the build fails, as --strict is on',
    '`head.noindex` must be true or false': '`head.noindex` must be true or false',
    '`updatedDate` is read': '`updatedDate` is read',
  };
  for (const [message, expected] of Object.entries(names)) {
    it(`withFlagNames: ${message}`, () => expect(withFlagNames(message)).toBe(expected));
  }
});

describe('advice that fits the source', () => {
  it('HTML sources, not in git, all of one moment: commit them or date their heads, no frontmatter', async () => {
    const root = await makeTree({
      'dist/index.html': page(),
      'dist/about/index.html': page(),
      'src/index.html': page(),
      'src/about.html': page(),
    });
    const { code, stderr } = await sitemapkit(
      ['build', 'dist', '--site', SITE, '--source', 'src', '--quiet'],
      root,
    );
    expect(code).toBe(0);
    expect(stderr).toBe(
      `warning: 2 of 2 pages have no lastmod: their sources are not in a git work tree and their file times are all one moment (a fresh copy or an unpacked archive), which says nothing of edits; commit them to git (each is then dated by its last commit), or add <meta property="article:modified_time" content="2024-05-01"> to their heads (${SITE}/, ${SITE}/about/)\n`,
    );
  });

  it('Markdown sources in the same state: a date in their frontmatter', async () => {
    const root = await makeTree({
      'dist/index.html': page(),
      'dist/about/index.html': page(),
      'src/index.md': '# home\n',
      'src/about.md': '# about\n',
    });
    const { stderr } = await sitemapkit([
      'build',
      join(root, 'dist'),
      '--site',
      SITE,
      '--root',
      root,
      '--source',
      'src',
      '--quiet',
    ]);
    expect(stderr).toMatch(
      /; build from a git checkout, or set a modified date in their frontmatter \(lastmod, updatedDate\) \(/,
    );
  });
});
