import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseBuildArgs } from '../../src/cli/build-args.js';
import { captureCli } from '../helpers/cli.js';
import { makeTree, page, setMtime } from '../helpers/fixture.js';
import { readAll, setFiles, shardFiles, shardName } from '../helpers/xml.js';

const run = promisify(execFile);

const cli = (args: string[]) => captureCli(args);

describe('sitemapkit build', () => {
  it('writes valid sitemaps and prints a one-screen summary', async () => {
    const root = await makeTree({
      'public/index.html': page(),
      'public/404.html': page(),
      'public/guide/index.html': page(),
      'public/private/index.html': page('<meta name="robots" content="noindex">'),
      'content/guide.md': '---\nupdated: 2024-05-01\n---\n',
    });
    await setMtime(join(root, 'content/guide.md'), '2024-01-01T00:00:00Z');
    const { code, stdout, stderr } = await cli([
      'build',
      join(root, 'public'),
      '--site',
      'https://docs.example.com',
      '--root',
      root,
      '--source',
      'content',
      '--report',
      'report.json',
      '--no-lastmod-from-children',
    ]);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(
      'sitemapkit: 4 pages found, 2 listed, 2 excluded (error-page 1, noindex 1); 1 dated (1 frontmatter), 1 without lastmod; 2 files',
    );
    const [shard] = await shardFiles(join(root, 'public'));
    expect(shard).toMatch(shardName('sitemap', 0));
    expect(await setFiles(join(root, 'public'))).toEqual([shard, 'sitemap-index.xml']);
    expect(stdout).toMatch(
      new RegExp(
        `https://docs\\.example\\.com/${shard?.replace(/\./g, '\\.')}\\s+2 URLs\\s+\\d+ B`,
      ),
    );
    expect(stdout).toContain('report: ');
    // Warnings name the flags a CLI user types, not the API's option names.
    expect(stderr).toBe(
      'warning: 1 of 2 pages have no source file, so nothing dates them: map their source folders with --source, or emit <meta property="article:modified_time"> (or JSON-LD dateModified) in their heads (https://docs.example.com/)\n',
    );
    await readAll([join(root, 'public/sitemap-index.xml'), join(root, `public/${shard}`)]);
    expect(JSON.parse(await readFile(join(root, 'report.json'), 'utf8')).pages).toHaveLength(4);
  });

  it('maps every flag to its option', () => {
    const { options } = parseBuildArgs([
      'dist',
      '--site',
      'https://e.com',
      '--base',
      '/docs/',
      '--trailing-slash',
      'never',
      '--format',
      'file',
      '--source',
      'src/pages',
      '--source',
      'src/content/blog=/blog/',
      '--gzip',
      '--max-urls',
      '100',
      '--max-bytes',
      '2048',
      '--git',
      '--no-head',
      '--clean-urls',
      '--keep-error-pages',
      '--priority',
      '0.5',
      '--no-threads',
      '--git-ignore-rev',
      'abcdef1',
      '--lastmod-from',
      'frontmatter, git',
      '--modified-field',
      'revised',
      '--published-field',
      'firstPosted',
      '--no-lastmod-from-children',
      '--i18n',
      'en=en-US, fr=fr',
      '--page-source',
      '/about/=src/about.md',
      '--page-source',
      '/=src/index.md',
      '--no-frontmatter',
      '--images-external',
      '--robots-txt-replace',
      '--xsd',
      '--indexnow-key',
      'abcdef0123',
      '--indexnow-initial',
      'all',
      '--indexnow-key-location',
      'https://e.com/keys/k.txt',
      '--indexnow-state-file',
      '.cache/indexnow.tsv.gz',
    ]);
    expect(options).toEqual({
      site: 'https://e.com',
      outDir: 'dist',
      base: '/docs/',
      trailingSlash: 'never',
      format: 'file',
      sources: [{ dir: 'src/pages' }, { dir: 'src/content/blog', route: '/blog/' }],
      gzip: true,
      robotsTxt: 'replace',
      maxUrlsPerSitemap: 100,
      maxBytesPerSitemap: 2048,
      git: true,
      head: false,
      cleanUrls: true,
      excludeErrorPages: false,
      priority: 0.5,
      threads: false,
      gitIgnoreRevs: ['abcdef1'],
      lastmodFrom: ['frontmatter', 'git'],
      dateFields: { modified: ['revised'], published: ['firstPosted'] },
      lastmodFromChildren: false,
      i18n: { defaultLocale: 'en', locales: { en: 'en-US', fr: 'fr' } },
      pageSources: { '/about/': 'src/about.md', '/': 'src/index.md' },
      frontmatter: false,
      images: { external: true },
      selfCheck: 'xsd',
      indexNow: {
        key: 'abcdef0123',
        initial: 'all',
        keyLocation: 'https://e.com/keys/k.txt',
        stateFile: '.cache/indexnow.tsv.gz',
      },
    });
    expect(
      parseBuildArgs([
        'dist',
        '--site',
        'https://e.com',
        '--skip-head-rule',
        'canonical',
        '--skip-head-rule',
        'hreflang',
      ]).options.head,
    ).toEqual({ canonical: false, hreflang: false });
    expect(parseBuildArgs(['dist', '--no-detect']).detect).toBe(false);
    expect(parseBuildArgs(['dist']).detect).toBe(true);
    expect(parseBuildArgs(['dist', '--site', 'https://e.com', '--no-git']).options.git).toBe(false);
    expect(parseBuildArgs(['dist', '--site', 'https://e.com']).options.git).toBeUndefined();
  });

  const usage: Array<[string[], RegExp]> = [
    [['build', 'dist'], /--site is required/],
    [
      ['build', 'dist', '--site', 'https://e.com', '--i18n', 'en'],
      /--i18n must be <prefix>=<language>/,
    ],
    [
      ['build', 'dist', '--site', 'https://e.com', '--i18n', 'en=en,fr=fr_FR'],
      /--i18n: "fr_FR" is not a language tag such as en or pt-BR \(hreflang writes a hyphen\)/,
    ],
    [
      ['build', 'dist', '--site', 'https://e.com', '--i18n', 'en=en,/fr/=fr'],
      /--i18n: a locale prefix is one path segment without slashes \(fr, not \/fr\/\); got "\/fr\/"/,
    ],
    [
      ['build', 'dist', '--site', 'https://e.com', '--i18n', 'en=en,fr=fr,fr=fr-CA'],
      /--i18n names the prefix "fr" twice/,
    ],
    [
      ['build', 'dist', '--site', 'https://e.com', '--no-images', '--images-external'],
      /--no-images and --images-external ask for different things/,
    ],
    [
      ['build', '--no-detect', '--site', 'https://e.com'],
      /^sitemapkit: build needs the output folder: sitemapkit build <outDir> --site <url>\n/,
    ],
    [
      ['build', 'dist', '--site', 'https://e.com', '--page-source', 'about.md'],
      /--page-source must be <url path>=<file>/,
    ],
    [
      ['build', 'dist', '--site', 'https://e.com', '--skip-head-rule', 'robots'],
      /--skip-head-rule must be one of noindex, canonical, redirect, hreflang; got "robots"/,
    ],
    [
      ['build', 'dist', '--site', 'https://e.com', '--no-head', '--skip-head-rule', 'canonical'],
      /--skip-head-rule and --no-head ask for different things/,
    ],
    [
      ['build', 'dist', '--site', 'https://e.com', '--no-robots-txt', '--robots-txt-replace'],
      /--no-robots-txt and --robots-txt-replace ask for different things/,
    ],
    [
      [
        'build',
        'dist',
        '--site',
        'https://e.com',
        '--indexnow-key',
        'abcdef0123',
        '--indexnow-initial',
        'some',
      ],
      /--indexnow-initial must be 'none' or 'all'; got "some"/,
    ],
    [
      ['build', 'dist', '--site', 'https://e.com', '--indexnow-state-file', 'x'],
      /--indexnow-state-file needs --indexnow-key/,
    ],
    [['build', '--site', 'https://e.com'], /build needs the output folder/],
    [
      ['build', 'dist', '--site', 'https://e.com', '--max-urls', 'lots'],
      /--max-urls must be a whole number/,
    ],
    [
      ['build', 'dist', '--site', 'https://e.com', '--bogus'],
      /^sitemapkit: unknown option --bogus\nRun "sitemapkit build --help" for usage\.\n$/,
    ],
    [
      ['build', 'dist', '--site', 'https://e.com', '--priority', 'high'],
      /--priority must be a number/,
    ],
    [
      ['build', 'dist', '--site', 'https://e.com', '--trailing-slash', 'maybe'],
      /--trailing-slash must be one of/,
    ],
    [
      ['build', 'dist', '--site', 'https://e.com', '--max-urls', '60000'],
      /--max-urls must be a whole number from 1 to 50000/,
    ],
    [['build', 'dist', '--site', 'ftp://e.com'], /--site must use http or https/],
    [
      ['build', 'dist', '--site', 'https://e.com', '--lastmod-from', 'frontmatter,ctime'],
      /--lastmod-from must list kinds of evidence from 'frontmatter', 'head', 'git', 'mtime'; got \["frontmatter","ctime"\]/,
    ],
    [
      ['build', 'dist', '--site', 'https://e.com', '--git-ignore-rev', 'HEAD~1'],
      /--git-ignore-rev entry "HEAD~1" is not a commit hash/,
    ],
    [['frobnicate'], /unknown command "frobnicate"/],
  ];
  for (const [args, pattern] of usage) {
    it(`exits 2 on ${args.join(' ')}`, async () => {
      const { code, stderr } = await cli(args);
      expect(code).toBe(2);
      expect(stderr).toMatch(pattern);
    });
  }

  it('exits 1 naming the folder when outDir is missing', async () => {
    const { code, stderr } = await cli(['build', '/nonexistent/out', '--site', 'https://e.com']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/outDir \/nonexistent\/out does not exist/);
  });

  it('runs as a real process from the built bin, with --help and --version', async () => {
    const bin = new URL('../../dist/bin.js', import.meta.url).pathname;
    const help = await run(process.execPath, [bin, '--help']);
    expect(help.stdout).toMatch(/^Usage: sitemapkit <command>/);
    const version = await run(process.execPath, [bin, '--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const root = await makeTree({ 'out/index.html': page() });
    const built = await run(process.execPath, [
      bin,
      'build',
      join(root, 'out'),
      '--site',
      'https://e.com',
      '--quiet',
    ]);
    expect(built.stdout).toBe('');
    const failed = await run(process.execPath, [bin, 'build', join(root, 'out')]).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed).toMatchObject({ code: 2 });
  });
});
