/**
 * Faults: a build failed or killed between any two changes to the folder, two builds at once,
 * other tools' files, links out of the site, special files. The set on disk is always whole,
 * read the way a crawler reads it (index first).
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { faultHook } from '../../src/files/write.js';
import { generateSitemaps, SitemapError, type SitemapOptions } from '../../src/index.js';
import { validateSitemaps } from '../../src/validate/index.js';
import { makeTree, page } from '../helpers/fixture.js';
import { readSet } from '../helpers/site-set.js';
import { parseSitemap, readXml } from '../helpers/xml.js';

const SITE = 'https://example.com';
const run = promisify(execFile);
const BIN = new URL('../../dist/bin.js', import.meta.url).pathname;
const KILL_AT = new URL('../helpers/kill-at-change.mjs', import.meta.url).pathname;
const posix = process.platform !== 'win32';

afterEach(() => {
  faultHook.beforeChange = undefined;
});

const name = (n: number) => `p${String(n).padStart(2, '0')}`;

function pages(from: number, to: number): Record<string, string> {
  const tree: Record<string, string> = {};
  for (let n = from; n <= to; n++) tree[`dist/${name(n)}.html`] = page();
  return tree;
}

function options(root: string, extra: Partial<SitemapOptions> = {}): SitemapOptions {
  return {
    site: SITE,
    outDir: join(root, 'dist'),
    maxUrlsPerSitemap: 4,
    git: false,
    threads: false,
    ...extra,
  };
}

const urls = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${SITE}/${name(from + i)}.html`);
const URLS_A = urls(1, 12);
const URLS_B = urls(3, 15);

/** A folder holding set A (pages 1-12, three sitemaps), its pages switched to B (3-15). */
async function oldSetNewPages(): Promise<string> {
  const root = await makeTree(pages(1, 12));
  await generateSitemaps(options(root));
  expect((await readSet(join(root, 'dist')))?.urls).toEqual(URLS_A);
  await rm(join(root, 'dist', 'p01.html'));
  await rm(join(root, 'dist', 'p02.html'));
  for (let n = 13; n <= 15; n++) await writeFile(join(root, 'dist', `${name(n)}.html`), page());
  return root;
}

/** The set is whole (every listed file there and readable) and is A or B, not a mix. */
async function expectWholeSet(dir: string): Promise<void> {
  const set = await readSet(dir);
  expect(set).not.toBeNull();
  expect([URLS_A, URLS_B]).toContainEqual(set?.urls);
}

/** A build of B completes the set: B alone, no file of A's, nothing temporary. */
async function expectCleanB(root: string): Promise<void> {
  await generateSitemaps(options(root));
  const set = await readSet(join(root, 'dist'));
  expect(set?.urls).toEqual(URLS_B);
  expect(set?.files).toEqual([...(set?.listed ?? []), 'sitemap-index.xml'].sort());
  expect(set?.leftovers).toEqual([]);
}

/** The changes a build of B makes to a folder holding A, in order. */
async function changesOfB(): Promise<string[]> {
  const root = await oldSetNewPages();
  const steps: string[] = [];
  faultHook.beforeChange = (step, path) => {
    steps.push(`${step} ${path.slice(path.lastIndexOf('/') + 1)}`);
  };
  await generateSitemaps(options(root));
  faultHook.beforeChange = undefined;
  return steps;
}

describe('the set is the unit of atomicity', () => {
  it('new sitemaps go under new names, the index last, the old sitemaps are removed after it', async () => {
    const steps = await changesOfB();
    const index = steps.indexOf('rename sitemap-index.xml');
    expect(index).toBeGreaterThan(0);
    const before = steps.slice(0, index);
    const after = steps.slice(index + 1);
    // Four new sitemaps, each a temporary file renamed into place, before the index.
    expect(before.filter((s) => s.startsWith('rename '))).toHaveLength(4);
    expect(after.filter((s) => s.startsWith('remove sitemap-'))).toHaveLength(3);
    expect(steps[0]).toBe('create .sitemapkit.lock');
    expect(steps.at(-1)).toBe('remove .sitemapkit.lock');
  });

  it('a build failing at any change (a full disk) leaves a whole set and no temporary file', async () => {
    const count = (await changesOfB()).length;
    for (let at = 1; at <= count; at++) {
      const root = await oldSetNewPages();
      let changes = 0;
      faultHook.beforeChange = () => {
        if (++changes === at)
          throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      };
      await expect(generateSitemaps(options(root)), `failure at change ${at}`).rejects.toThrow(
        /no space left on device/,
      );
      faultHook.beforeChange = undefined;
      await expectWholeSet(join(root, 'dist'));
      const leftovers = (await readSet(join(root, 'dist')))?.leftovers;
      // The lock's removal is the last change: failing it leaves the lock, which the next build
      // takes over (its build is over).
      expect(leftovers, `failure at change ${at}`).toEqual(
        at === count ? ['.sitemapkit.lock'] : [],
      );
      await expectCleanB(root);
    }
  });

  it.skipIf(!posix)(
    'a build killed at any change leaves a whole set; the next build clears what it left',
    async () => {
      const count = (await changesOfB()).length;
      for (let at = 1; at <= count; at++) {
        const root = await oldSetNewPages();
        const child = spawnSync(
          process.execPath,
          [KILL_AT, JSON.stringify(options(root)), String(at)],
          { encoding: 'utf8' },
        );
        expect(child.signal, `kill at change ${at}: ${child.stderr}`).toBe('SIGKILL');
        await expectWholeSet(join(root, 'dist'));
        await expectCleanB(root);
      }
    },
    60_000,
  );

  it('a temporary file a killed build left is removed by the next build; a stranger one stays', async () => {
    const root = await oldSetNewPages();
    const dist = join(root, 'dist');
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n<!-- sitemapkit: sitemap -->\n<url';
    await writeFile(join(dist, '.sitemap-0-0123abcd.xml.4242.89abcdef.tmp'), head);
    await writeFile(join(dist, '.sitemap-index.xml.4242.01234567.tmp'), '');
    await writeFile(join(dist, '.sitemap-0-0123abcd.xml.77.aaaaaaaa.tmp'), 'my own notes');
    await generateSitemaps(options(root));
    expect((await readdir(dist)).filter((n) => n.endsWith('.tmp'))).toEqual([
      '.sitemap-0-0123abcd.xml.77.aaaaaaaa.tmp',
    ]);
  });

  it('two builds of one folder at once, with different options, do not interleave', async () => {
    const root = await makeTree(pages(1, 30));
    await Promise.all([
      generateSitemaps(options(root, { gzip: true })),
      generateSitemaps(options(root, { maxUrlsPerSitemap: 7 })),
      generateSitemaps(options(root, { maxUrlsPerSitemap: 3 })),
    ]);
    const set = await readSet(join(root, 'dist'));
    expect(set?.urls).toEqual(urls(1, 30));
    expect(set?.files).toEqual([...(set?.listed ?? []), 'sitemap-index.xml'].sort());
    expect(set?.leftovers).toEqual([]);
  });

  it('two CLI builds of one folder at once leave one whole set, and both succeed', async () => {
    const root = await makeTree(pages(1, 40));
    const dist = join(root, 'dist');
    const args = (max: string) => [
      BIN,
      'build',
      dist,
      '--site',
      SITE,
      '--no-git',
      '--max-urls',
      max,
    ];
    await Promise.all([run(process.execPath, args('3')), run(process.execPath, args('11'))]);
    const set = await readSet(dist);
    expect(set?.urls).toEqual(urls(1, 40));
    expect(set?.files).toEqual([...(set?.listed ?? []), 'sitemap-index.xml'].sort());
    expect(set?.leftovers).toEqual([]);
  });

  it('a lock whose build is gone is taken over; one held by a running build is waited for', async () => {
    const root = await makeTree(pages(1, 3));
    const lock = join(root, 'dist', '.sitemapkit.lock');
    const host = (await import('node:os')).hostname();
    // A process that has exited: its pid is free (or reused by one that is not ours: then the
    // build waits its time out, which this test would show as a failure).
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    await writeFile(lock, JSON.stringify({ pid: gone, host }));
    await generateSitemaps(options(root));
    await expect(stat(lock)).rejects.toThrow(/ENOENT/);
  });
});

describe('a set of several index files', () => {
  it('the first index is written last; validate reads them all; a removed index is reported in robots.txt', async () => {
    const root = await makeTree(pages(1, 30));
    const dist = join(root, 'dist');
    const several = { maxUrlsPerSitemap: 2, maxSitemapsPerIndex: 4 };
    const steps: string[] = [];
    faultHook.beforeChange = (step, path) => {
      if (step === 'rename') steps.push(path.slice(path.lastIndexOf('/') + 1));
    };
    await generateSitemaps(options(root, several));
    faultHook.beforeChange = undefined;
    expect(steps.filter((s) => s.includes('-index'))).toEqual([
      'sitemap-index-3.xml',
      'sitemap-index-2.xml',
      'sitemap-index-1.xml',
      'sitemap-index.xml',
    ]);
    const report = await validateSitemaps(dist, { site: SITE });
    expect(report.files.filter((f) => f.path.includes('-index'))).toHaveLength(4);
    expect([report.urlCount, report.errors]).toEqual([30, 0]);

    const fewer = await generateSitemaps(options(root, { ...several, maxSitemapsPerIndex: 5 }));
    expect(fewer.removed).toContain('sitemap-index-3.xml');
    expect(
      fewer.warnings.filter((w) => w.code === 'robots-txt-stale').map((w) => w.message),
    ).toEqual([
      `robots.txt lists ${SITE}/sitemap-index-3.xml, but no such file is in the output folder (a sitemap an earlier build or another tool wrote); remove that Sitemap line, or have the build take it out (robotsTxt: 'replace'; on the command line --robots-txt-replace)`,
    ]);
  });
});

describe('robots.txt lines that point at files that are gone', () => {
  const robots = [
    'User-agent: *',
    'Disallow: /private/',
    `Sitemap: ${SITE}/sitemap.xml`,
    `Sitemap: ${SITE}/sitemaps/news.xml`,
    `Sitemap: ${SITE}/feeds/../sitemap.xml`,
    'Sitemap: https://cdn.example.net/sitemap.xml',
    `Sitemap: ${SITE}/kept.xml`,
    '',
  ].join('\r\n');

  it('are reported one by one; lines to files that exist, other hosts and odd paths are not', async () => {
    const root = await makeTree({
      ...pages(1, 2),
      'dist/robots.txt': robots,
      'dist/kept.xml': '<x/>',
    });
    const result = await generateSitemaps(options(root));
    expect(
      result.warnings.filter((w) => w.code === 'robots-txt-stale').map((w) => w.message),
    ).toEqual(
      [`${SITE}/sitemap.xml`, `${SITE}/sitemaps/news.xml`].map(
        (url) =>
          `robots.txt lists ${url}, but no such file is in the output folder (a sitemap an earlier build or another tool wrote); remove that Sitemap line, or have the build take it out (robotsTxt: 'replace'; on the command line --robots-txt-replace)`,
      ),
    );
    // Reported, not changed: the file only gained our line.
    expect(await readFile(join(root, 'dist/robots.txt'), 'utf8')).toBe(
      `${robots}Sitemap: ${SITE}/sitemap-index.xml\r\n`,
    );
  });

  it("with robotsTxt: 'replace' are taken out, every other byte and the file's mode kept", async () => {
    const root = await makeTree({
      ...pages(1, 2),
      'dist/robots.txt': robots,
      'dist/kept.xml': '<x/>',
    });
    await chmod(join(root, 'dist/robots.txt'), 0o640);
    const result = await generateSitemaps(options(root, { robotsTxt: 'replace' }));
    expect(result.warnings.map((w) => w.code)).toContain('robots-txt-replaced');
    expect(result.warnings.map((w) => w.code)).not.toContain('robots-txt-stale');
    const text = await readFile(join(root, 'dist/robots.txt'), 'utf8');
    expect(text.split('\r\n')).toEqual([
      'User-agent: *',
      'Disallow: /private/',
      `Sitemap: ${SITE}/feeds/../sitemap.xml`,
      'Sitemap: https://cdn.example.net/sitemap.xml',
      `Sitemap: ${SITE}/kept.xml`,
      `Sitemap: ${SITE}/sitemap-index.xml`,
      '',
    ]);
    expect((await stat(join(root, 'dist/robots.txt'))).mode & 0o777).toBe(0o640);
    const again = await generateSitemaps(options(root, { robotsTxt: 'replace' }));
    expect(again.warnings.map((w) => w.code)).not.toContain('robots-txt-replaced');
  });

  it("'replace' is the only string robotsTxt takes", async () => {
    const root = await makeTree(pages(1, 1));
    const error = await generateSitemaps(options(root, { robotsTxt: 'yes' as never })).catch(
      (e: unknown) => e,
    );
    expect(String(error)).toContain('`robotsTxt` must be true, false or \'replace\'; got "yes"');
  });
});

describe('only our files', () => {
  it("another tool's sitemaps and a user's files under sitemap names are never removed", async () => {
    const urlset = (loc: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${loc}</loc></url></urlset>\n`;
    const theirs = {
      'dist/sitemap-video-1.xml': urlset(`${SITE}/video`),
      'dist/sitemap-news-0.xml': urlset(`${SITE}/news`),
      'dist/sitemap-2023.xml': urlset(`${SITE}/2023`),
      'dist/sitemap-0-0123abcd.xml': urlset(`${SITE}/looks-like-ours`),
      'dist/robots.txt': `User-agent: *\nSitemap: ${SITE}/sitemap-video-1.xml\n`,
    };
    const root = await makeTree({ ...pages(1, 3), ...theirs });
    await generateSitemaps(options(root));
    await generateSitemaps(options(root, { gzip: true }));
    for (const [path, text] of Object.entries(theirs)) {
      if (path.endsWith('robots.txt')) continue;
      expect(await readFile(join(root, path), 'utf8'), path).toBe(text);
    }
    const robots = await readFile(join(root, 'dist/robots.txt'), 'utf8');
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap-video-1.xml\n`);
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap-index.xml\n`);
  });

  it("a user's own sitemap-index.xml is never replaced: a clear error, nothing written", async () => {
    const mine = '<?xml version="1.0"?><sitemapindex/>';
    const root = await makeTree({ ...pages(1, 3), 'dist/sitemap-index.xml': mine });
    const error = await generateSitemaps(options(root)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SitemapError);
    expect((error as SitemapError).code).toBe('foreign-file');
    expect((error as SitemapError).message).toMatch(
      /sitemap-index\.xml is there already and was not written by sitemapkit.*filenameBase/,
    );
    expect(await readFile(join(root, 'dist/sitemap-index.xml'), 'utf8')).toBe(mine);
    expect((await readdir(join(root, 'dist'))).sort()).toEqual([
      'p01.html',
      'p02.html',
      'p03.html',
      'sitemap-index.xml',
    ]);
  });

  it('every file written carries the mark of its set', async () => {
    const root = await makeTree(pages(1, 9));
    const result = await generateSitemaps(options(root, { filenameBase: 'map', gzip: true }));
    expect(result.files.length).toBe(4);
    for (const file of result.files) {
      expect(await readXml(file.path)).toMatch(
        /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<!-- sitemapkit: map -->\n</,
      );
    }
  });
});

describe('the site folder is the boundary', () => {
  it.skipIf(!posix)('a symlink out of the site is not followed; one inside it is', async () => {
    // `manual` links to `docs`, inside the site: followed, and (a folder met twice) walked once.
    const outside = await makeTree({ 'secret/a.html': page(), 'secret/b.html': page() });
    const root = await makeTree({ ...pages(1, 2), 'dist/docs/guide.html': page() });
    await symlink(join(outside, 'secret'), join(root, 'dist', 'leak'));
    await symlink(join(outside, 'secret', 'a.html'), join(root, 'dist', 'leak.html'));
    await symlink(join(root, 'dist', 'docs'), join(root, 'dist', 'manual'));
    const result = await generateSitemaps(options(root));
    const listed = (await readSet(join(root, 'dist')))?.urls;
    expect(listed).toEqual([`${SITE}/docs/guide.html`, `${SITE}/p01.html`, `${SITE}/p02.html`]);
    const outsideWarnings = result.warnings.filter((w) => w.code === 'symlink-outside');
    expect(outsideWarnings.map((w) => w.file).sort()).toEqual(['leak', 'leak.html']);
    expect(outsideWarnings[0]?.message).toMatch(/outside .*; not followed/);
  });

  it('outDir of / is refused at once, before anything is read or written', async () => {
    const started = Date.now();
    const error = await generateSitemaps({ site: SITE, outDir: '/' }).catch((e: unknown) => e);
    expect((error as SitemapError).code).toBe('outdir-refused');
    expect((error as SitemapError).message).toMatch(
      /outDir \/ is the root of the filesystem.*`force`/,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('the home folder is refused, and a folder with no HTML near its top', async () => {
    const home = await makeTree({ 'projects/site/dist/index.html': page() });
    const saved = process.env.HOME;
    process.env.HOME = home;
    try {
      const error = await generateSitemaps({ site: SITE, outDir: home }).catch((e: unknown) => e);
      expect((error as SitemapError).code).toBe('outdir-refused');
      expect((error as SitemapError).message).toMatch(/is the home folder/);
      const above = await generateSitemaps({ site: SITE, outDir: join(home, '..') }).catch(
        (e: unknown) => e,
      );
      expect((above as SitemapError).code).toBe('outdir-refused');
    } finally {
      process.env.HOME = saved;
    }
    const deep = await makeTree({ 'out/a/b/c/d/e/index.html': page() });
    const error = await generateSitemaps({ site: SITE, outDir: join(deep, 'out') }).catch(
      (e: unknown) => e,
    );
    expect((error as SitemapError).code).toBe('outdir-empty');
    expect((error as SitemapError).message).toMatch(/none in its top 4 levels.*`force`/);
    const forced = await generateSitemaps({ site: SITE, outDir: join(deep, 'out'), force: true });
    expect(forced.pages.included).toBe(1);
  });

  it.skipIf(!posix)(
    'FIFOs are never opened: robots.txt, a sitemap name, the index',
    async () => {
      const root = await makeTree(pages(1, 3));
      const dist = join(root, 'dist');
      execFileSync('mkfifo', [join(dist, 'robots.txt'), join(dist, 'sitemap-5.xml')]);
      execFileSync('mkfifo', [join(dist, 'sitemap-0-0123abcd.xml')]);
      const result = await generateSitemaps(options(root));
      expect(result.warnings.find((w) => w.code === 'robots-txt-skipped')?.message).toMatch(
        /robots\.txt is not a regular file/,
      );
      expect((await stat(join(dist, 'sitemap-5.xml'))).isFIFO()).toBe(true);
      expect((await stat(join(dist, 'sitemap-0-0123abcd.xml'))).isFIFO()).toBe(true);
      await rm(join(dist, 'sitemap-index.xml'));
      execFileSync('mkfifo', [join(dist, 'sitemap-index.xml')]);
      const error = await generateSitemaps(options(root)).catch((e: unknown) => e);
      expect((error as SitemapError).code).toBe('foreign-file');
    },
    10_000,
  );
});

describe('bytes the user wrote stay', () => {
  it('robots.txt in Latin-1 keeps every byte and its mode; the line is appended', async () => {
    const latin1 = Buffer.from('User-agent: *\nDisallow: /caf\xe9/\n', 'latin1');
    const root = await makeTree({ ...pages(1, 2), 'dist/robots.txt': latin1 });
    await chmod(join(root, 'dist/robots.txt'), 0o640);
    await generateSitemaps(options(root));
    const after = await readFile(join(root, 'dist/robots.txt'));
    expect(after.subarray(0, latin1.length).equals(latin1)).toBe(true);
    expect(after.subarray(latin1.length).toString('latin1')).toBe(
      `\nSitemap: ${SITE}/sitemap-index.xml\n`,
    );
    expect((await stat(join(root, 'dist/robots.txt'))).mode & 0o777).toBe(0o640);
  });

  it('robots.txt in UTF-16 gets its new line in UTF-16, its bytes kept', async () => {
    const text = 'User-agent: *\r\nDisallow: /é/\r\n';
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const root = await makeTree({ ...pages(1, 2), 'dist/robots.txt': bytes });
    await generateSitemaps(options(root));
    const after = await readFile(join(root, 'dist/robots.txt'));
    expect(after.subarray(0, bytes.length).equals(bytes)).toBe(true);
    expect(after.subarray(2).toString('utf16le')).toBe(
      `${text}\r\nSitemap: ${SITE}/sitemap-index.xml\r\n`,
    );
    // A second build finds its line and adds nothing.
    await generateSitemaps(options(root));
    expect((await readFile(join(root, 'dist/robots.txt'))).equals(after)).toBe(true);
  });
});

describe('every failure is a message', () => {
  const cli = async (args: string[]) =>
    run(process.execPath, [BIN, ...args]).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  it('robots.txt a folder: a warning, the sitemaps written', async () => {
    const root = await makeTree(pages(1, 2));
    await mkdir(join(root, 'dist/robots.txt'));
    const out = await cli(['build', join(root, 'dist'), '--site', SITE, '--no-git']);
    expect(out.code).toBe(0);
    expect(out.stderr).toMatch(/warning: robots\.txt is not a regular file/);
    expect(out.stderr).not.toMatch(/\n\s+at /);
  });

  it('an entry larger than --max-bytes names the option; a long --filename-base is refused', async () => {
    const links = ['de', 'fr', 'es', 'it', 'nl', 'pt', 'ja', 'ko', 'zh', 'ru', 'pl', 'sv']
      .map(
        (l) =>
          `<link rel="alternate" hreflang="${l}" href="${SITE}/${l}/a-long-path-to-fill-bytes">`,
      )
      .join('');
    const root = await makeTree({ 'dist/a.html': page(links) });
    const big = await cli(['build', join(root, 'dist'), '--site', SITE, '--max-bytes', '1024']);
    expect(big.code).toBe(1);
    expect(big.stderr).toMatch(/more than a sitemap of --max-bytes \(1024 bytes\) can hold/);
    expect(big.stderr).not.toMatch(/\n\s+at /);
    const long = await cli([
      'build',
      join(root, 'dist'),
      '--site',
      SITE,
      '--filename-base',
      'a'.repeat(300),
    ]);
    expect(long.code).toBe(2);
    expect(long.stderr).toMatch(
      /--filename-base must be a plain file name .*at most 100 characters/,
    );
    expect(long.stderr).not.toMatch(/\n\s+at /);
    expect(await readdir(join(root, 'dist'))).toEqual(['a.html']);
  });

  it('warnings are capped per kind, with a count of the rest', async () => {
    const tree: Record<string, string> = {};
    for (let n = 1; n <= 45; n++)
      tree[`dist/p${n}.html`] = page('<meta property="article:modified_time" content="soon">');
    const root = await makeTree(tree);
    const result = await generateSitemaps(options(root));
    const codes = result.warnings.map((w) => w.code);
    const kind = codes.find((c) => codes.filter((x) => x === c).length > 20) ?? '';
    expect(codes.filter((c) => c === kind)).toHaveLength(21);
    expect(result.warnings.at(-1)?.message).toMatch(/^25 more .* warnings like these \(45 in all/);
    expect(parseSitemap(await readXml(join(root, 'dist/sitemap-index.xml'))).entries).toHaveLength(
      12,
    );
  });
});
