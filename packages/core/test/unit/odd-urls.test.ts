/**
 * Odd file names, bases and hrefs: each URL made is the one that names its file, or the input is
 * refused with a message naming it; echoed input is bounded.
 */
import { writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHead } from '../../src/discover/read-head.js';
import { readPrefixOf } from '../../src/discover/read-prefix.js';
import { resolveOptions } from '../../src/options/resolve-options.js';
import { mayBeUnaddressable, unaddressable } from '../../src/select/exclusions.js';
import { judgeHead } from '../../src/select/head-rules.js';
import { basePathProblem } from '../../src/url/base-path.js';
import { encodeUrl, removeDotSegments } from '../../src/url/encode.js';
import {
  routeFromFile,
  routeKey,
  routeUrl,
  toPosix,
  unaddressableFile,
  urlRouteKey,
} from '../../src/url/map-file.js';
import { echo, quoted, shorten } from '../../src/url/shorten.js';
import { makeTree } from '../helpers/fixture.js';

const POLICY = { baseUrl: 'https://e.com/', trailingSlash: 'ignore', format: 'preserve' } as const;
const ALL_RULES = { noindex: true, canonical: true, redirect: true, hreflang: true };
const posixOnly = it.skipIf(sep !== '/');

describe('odd file names map to URLs that name them', () => {
  // file -> URL (clean URLs); the decoded path of each is the file's route.
  const rows: Array<[string, string]> = [
    ['100%.html', 'https://e.com/100%25'],
    ['%41.html', 'https://e.com/%2541'],
    ['%2e%2e.html', 'https://e.com/%252e%252e'],
    ['q?x.html', 'https://e.com/q%3Fx'],
    ['h#x.html', 'https://e.com/h%23x'],
    ['sp ace/index.html', 'https://e.com/sp%20ace/'],
    ['ctl\u0001.html', 'https://e.com/ctl%01'],
    ['nl\nx.html', 'https://e.com/nl%0Ax'],
    ['del\u007f.html', 'https://e.com/del%7F'],
    ['....html', 'https://e.com/...'],
    ['a..html', 'https://e.com/a.'],
    ['.hidden.html', 'https://e.com/.hidden'],
    ['[x]{y}|^`.html', 'https://e.com/%5Bx%5D%7By%7D%7C%5E%60'],
    ['real\uFFFD.html', 'https://e.com/real%EF%BF%BD'],
  ];
  for (const [file, url] of rows) {
    it(`${JSON.stringify(file)} -> ${url}`, () => {
      const route = routeFromFile(file, true);
      expect(route).not.toBeNull();
      const made = routeUrl(route as NonNullable<typeof route>, POLICY);
      expect(made).toBe(url);
      // URL parsing keeps it as written: a crawler fetches this very URL.
      expect(new URL(made).href).toBe(made);
      expect(decodeURIComponent(new URL(made).pathname).replace(/(.)\/$/, '$1')).toBe(
        routeKey(route as NonNullable<typeof route>),
      );
      expect(urlRouteKey(made, POLICY.baseUrl)).toBe(routeKey(route as NonNullable<typeof route>));
      expect(unaddressableFile(file, true)).toBeNull();
    });
  }

  posixOnly('a backslash is part of a name: %5C, never a folder', () => {
    const route = routeFromFile('back\\slash.html', true);
    expect(route?.segments).toEqual(['back\\slash']);
    const url = routeUrl(route as NonNullable<typeof route>, POLICY);
    expect(url).toBe('https://e.com/back%5Cslash');
    expect(new URL(url).href).toBe(url);
    expect(decodeURIComponent(new URL(url).pathname)).toBe('/back\\slash');
    expect(routeFromFile('dir\\x/index.html', true)?.segments).toEqual(['dir\\x']);
  });

  it("the platform's own separator is a folder: `\\` on Windows", () => {
    expect(toPosix('docs\\guide\\index.html', '\\')).toBe('docs/guide/index.html');
    expect(toPosix('.\\docs\\x.html', '\\')).toBe('docs/x.html');
    expect(toPosix('docs\\guide\\index.html', '/')).toBe('docs\\guide\\index.html');
  });
});

describe('unaddressableFile: files no URL can name', () => {
  const rows: Array<[string, boolean, RegExp | null]> = [
    ['..html', true, /end in the segment "\."/],
    ['...html', true, /end in the segment "\.\."/],
    ['a/..html', true, /end in the segment "\."/],
    ['a/b/...htm', true, /end in the segment "\.\."/],
    ['.html', true, /only an extension/],
    ['a/.HTML', true, /only an extension/],
    ['x/../y.html', true, /hold the segment "\.\."/],
    ['..html', false, null],
    ['...html', false, null],
    ['.html', false, null],
    ['....html', true, null],
    ['.well/index.html', true, null],
    ['index.html', true, null],
  ];
  for (const [file, cleanUrls, expected] of rows) {
    it(`${file} (${cleanUrls ? 'clean' : 'html'}) -> ${expected ?? 'named'}`, () => {
      const why = unaddressableFile(file, cleanUrls);
      if (expected === null) expect(why).toBeNull();
      else expect(why).toMatch(expected);
    });
  }

  it('without clean URLs, dot names keep their extension and stay valid URLs', () => {
    for (const file of ['..html', '...html', '.html']) {
      const route = routeFromFile(file, false);
      const url = routeUrl(route as NonNullable<typeof route>, POLICY);
      expect(url).toBe(`https://e.com/${file}`);
      expect(new URL(url).href).toBe(url);
    }
  });
});

describe('mayBeUnaddressable: the byte test before the file is made a string', () => {
  const options = { cleanUrls: true, outDir: 'no-such-folder' };
  const files = [
    '..html',
    'a/b/...htm',
    '.html',
    'x/../y.html',
    '.well/index.html',
    'a\\.b.html',
    'bad\uFFFD.html',
    'blog/post/index.html',
    'a.b/c.d.html',
    'docs/v1.2/index.html',
    'caf\u00e9/\uFF01.html',
    'index.html',
  ];
  for (const file of files) {
    it(`${JSON.stringify(file)}: says yes to every file unaddressable leaves out`, () => {
      const bytes = Buffer.from(file);
      const why = unaddressable(file, options);
      if (why !== null) expect(mayBeUnaddressable(bytes, bytes.length)).toBe(true);
    });
  }

  it('says no to names with no dot at a segment start and no U+FFFD', () => {
    for (const file of ['blog/post/index.html', 'a.b/c.d.html', 'caf\u00e9/\uFF01.html']) {
      const bytes = Buffer.from(file);
      expect(mayBeUnaddressable(bytes, bytes.length), file).toBe(false);
    }
  });

  it('reads only the first `length` bytes (a scratch holds an older, longer file after them)', () => {
    const bytes = Buffer.from('a/index.html/.x/\uFFFD');
    expect(mayBeUnaddressable(bytes, 'a/index.html'.length)).toBe(false);
    expect(mayBeUnaddressable(bytes, 'a/index.html/.x'.length)).toBe(true);
    const partial = Buffer.from('a\uFFFD');
    expect(mayBeUnaddressable(partial, partial.length - 1)).toBe(false);
  });
});

describe('base: anything that does not survive as a path is refused', () => {
  const refused: Array<[string, RegExp]> = [
    ['/../../', /"\/\.\.\/\.\.\/" has a `\.` or `\.\.` segment/],
    ['/docs/./', /`\.` or `\.\.` segment/],
    ['..', /`\.` or `\.\.` segment/],
    ['./', /`\.` or `\.\.` segment/],
    ['/a/%2e%2E/', /`\.` or `\.\.` segment/],
    ['/a/.%2e/', /`\.` or `\.\.` segment/],
    ['/docs\\x/', /holds `\\`, `\?` or `#`/],
    ['/docs?x=1', /holds `\\`, `\?` or `#`/],
    ['/docs#top', /holds `\\`, `\?` or `#`/],
    ['/a\nb/', /control characters/],
    ['/a%0Ab/', /control characters/],
    ['/a%2Fb/', /encoded `\/`/],
    ['/a\uD800/', /not well-formed/],
  ];
  for (const [base, pattern] of refused) {
    it(`${JSON.stringify(base)} is refused, naming base`, () => {
      expect(basePathProblem(base)).toMatch(/^`base` must be a plain URL path such as \/docs\/; /);
      expect(basePathProblem(base)).toMatch(pattern);
      expect(() => resolveOptions({ site: 'https://e.com', outDir: 'dist', base })).toThrow(
        /invalid options:\n {2}- `base` must be a plain URL path/,
      );
    });
  }
  const accepted: Array<[string, string]> = [
    ['/docs/', 'https://e.com/docs/'],
    ['docs', 'https://e.com/docs/'],
    ['/', 'https://e.com/'],
    ['', 'https://e.com/'],
    ['/über uns/', 'https://e.com/%C3%BCber%20uns/'],
    ['/100%/', 'https://e.com/100%25/'],
    ['/a.b/...', 'https://e.com/a.b/.../'],
    ['/%C3%BCber/', 'https://e.com/%C3%BCber/'],
  ];
  for (const [base, baseUrl] of accepted) {
    it(`${JSON.stringify(base)} -> ${baseUrl}`, () => {
      expect(basePathProblem(base)).toBeNull();
      const resolved = resolveOptions({ site: 'https://e.com', outDir: 'dist', base });
      expect(resolved.baseUrl).toBe(baseUrl);
      expect(new URL(resolved.baseUrl).href).toBe(baseUrl);
    });
  }

  it('a long base is echoed shortened', () => {
    const problem = basePathProblem(`/${'x'.repeat(5000)}/../`) as string;
    expect(problem).toContain('…');
    expect(problem.length).toBeLessThan(400);
  });
});

describe('encodeUrl resolves dot segments as URL parsing does', () => {
  const rows: Array<[string, string]> = [
    ['https://e.com/docs/../secret', 'https://e.com/secret'],
    ['https://e.com/a/./b', 'https://e.com/a/b'],
    ['https://e.com/a/%2e%2E/b', 'https://e.com/b'],
    ['https://e.com/a/.%2e/b?x=/../', 'https://e.com/b?x=/../'],
    ['https://e.com/a/.', 'https://e.com/a/'],
    ['https://e.com/a/b/..', 'https://e.com/a/'],
    ['https://e.com/../../x', 'https://e.com/x'],
    ['https://e.com/a\\..\\b', 'https://e.com/b'],
    ['https://e.com/.../x', 'https://e.com/.../x'],
    ['https://e.com/%2E%2E.html', 'https://e.com/%2E%2E.html'],
  ];
  for (const [input, expected] of rows) {
    it(`${input} -> ${expected}`, () => {
      expect(encodeUrl(input)).toBe(expected);
      expect(new URL(input).href).toBe(expected);
    });
  }
  it('leaves paths without dot segments alone', () => {
    expect(removeDotSegments('/a.b/c./.d')).toBe('/a.b/c./.d');
    expect(removeDotSegments('')).toBe('');
  });
});

describe('echoed input is bounded', () => {
  it('shorten keeps start and end, 200 characters in all', () => {
    const long = `dist/${'x'.repeat(5000)}/index.html`;
    const short = shorten(long);
    expect(short).toHaveLength(200);
    expect(short.startsWith('dist/xxx')).toBe(true);
    expect(short.endsWith('xxx/index.html')).toBe(true);
    expect(short).toContain('…');
    expect(shorten('/about/')).toBe('/about/');
  });
  it('never splits a surrogate pair', () => {
    const short = shorten('😀'.repeat(300));
    expect(short.isWellFormed()).toBe(true);
    expect(short.length).toBeLessThanOrEqual(200);
  });
  it('echo escapes control characters; quoted quotes', () => {
    expect(echo('a\nb\u0001.html')).toBe('a\\u000ab\\u0001.html');
    expect(quoted('a"b')).toBe('"a\\"b"');
  });
});

describe('head problems: a few bounded lines per page, whatever the head holds', () => {
  const PAGE = 'https://e.com/p/';
  it('7,019 invalid hreflang links give one problem, with the count and the first', () => {
    let head = '<link rel="alternate" hreflang="de" href="/de/p/">';
    for (let i = 0; i < 7019; i++) head += `<link rel="alternate" hreflang="bad_${i}" href="/x/">`;
    const verdict = judgeHead(parseHead(head), PAGE, ALL_RULES);
    expect(verdict.problems).toEqual([
      '7019 hreflang alternates are not valid; left out, the first: "bad_0" -> "/x/"',
    ]);
    expect(verdict.alternates).toEqual([{ lang: 'de', url: 'https://e.com/de/p/' }]);
  });

  it('one invalid hreflang link keeps its own message', () => {
    const verdict = judgeHead(
      parseHead('<link rel="alternate" hreflang="en_US" href="/en/">'),
      PAGE,
      ALL_RULES,
    );
    expect(verdict.problems).toEqual(['hreflang alternate "en_US" -> "/en/" is not valid']);
  });

  it('long hrefs, languages and dates are echoed shortened', () => {
    const huge = 'x'.repeat(100_000);
    const verdict = judgeHead(
      parseHead(
        `<link rel="canonical" href="http://[${huge}"><link rel="alternate" hreflang="${huge}" href="http://[${huge}"><meta property="article:modified_time" content="${huge}"><meta property="article:published_time" content="2024-99-99${huge}">`,
      ),
      PAGE,
      ALL_RULES,
    );
    expect(verdict.problems).toHaveLength(4);
    for (const problem of verdict.problems) {
      expect(problem.length).toBeLessThan(500);
      expect(problem).toContain('…');
    }
  });

  it('a cut head says so, unless a rule before the cut left the page out', () => {
    const cut = { ...parseHead('<title>x</title>'), cutAt: 524_288 };
    expect(judgeHead(cut, PAGE, ALL_RULES).cutAt).toBe(524_288);
    const noindex = { ...parseHead('<meta name="robots" content="noindex">'), cutAt: 524_288 };
    const verdict = judgeHead(noindex, PAGE, ALL_RULES);
    expect(verdict.excluded).toBe('noindex');
    expect(verdict.cutAt).toBeUndefined();
    expect(judgeHead(parseHead('<title>x</title>'), PAGE, ALL_RULES).cutAt).toBeUndefined();
  });
});

describe('readPrefixOf: a cut only when the file goes on past the cap', () => {
  const never = () => null;
  it('exactly the cap is read whole, not cut', async () => {
    const root = await makeTree({ 'exact.html': 'a'.repeat(16 * 1024) });
    expect(readPrefixOf(join(root, 'exact.html'), 16 * 1024, never)).toMatchObject({
      cut: false,
    });
  });
  it('one byte past the cap is cut, at the cap', async () => {
    const root = await makeTree({});
    await writeFile(join(root, 'long.html'), 'a'.repeat(16 * 1024 + 1));
    const prefix = readPrefixOf(join(root, 'long.html'), 16 * 1024, never);
    expect(prefix.cut).toBe(true);
    expect(prefix.text).toHaveLength(16 * 1024);
  });
  it('an end found before the cap is no cut', async () => {
    const root = await makeTree({ 'page.html': `<head></head>${'b'.repeat(40_000)}` });
    const prefix = readPrefixOf(join(root, 'page.html'), 16 * 1024, (text) => {
      const end = text.indexOf('</head>');
      return end === -1 ? null : end;
    });
    expect(prefix).toEqual({ text: '<head>', cut: false });
  });
  it('a cap that is not a multiple of the chunk is kept to the byte', async () => {
    const root = await makeTree({ 'odd.html': 'c'.repeat(20_000) });
    const prefix = readPrefixOf(join(root, 'odd.html'), 10_001, never);
    expect(prefix).toMatchObject({ cut: true });
    expect(prefix.text).toHaveLength(10_001);
  });
});
