/** The evidence rule: the newest real evidence wins, published dates are a floor, overrides are final. */
import { describe, expect, it } from 'vitest';
import { dateFromChildren } from '../../src/dates/children.js';
import {
  type Evidence,
  listEvidence,
  pickLastmod,
  stampedAtRender,
} from '../../src/dates/evidence.js';
import type { LastmodSource, PageRecord } from '../../src/types.js';
import { pageList } from '../helpers/pages.js';

const NOW = Date.parse('2025-01-01T00:00:00Z');
const fm = (field: string, value: string) => ({ field, value });

/** evidence, explicit order (null: newest wins) -> [value, provenance]. */
const rows: Array<[string, Evidence, LastmodSource[] | null, [string | undefined, string]]> = [
  ['nothing known', {}, null, [undefined, 'none']],
  // Each pair of modified evidence: the newer wins, whichever kind it is.
  [
    'stale frontmatter vs newer commit',
    { modified: fm('lastmod', '2017-02-01'), git: '2022-05-04T10:00:00Z' },
    null,
    ['2022-05-04T10:00:00Z', 'git'],
  ],
  [
    'frontmatter newer than the commit',
    { modified: fm('updatedDate', '2024-06-01'), git: '2024-01-01T10:00:00Z' },
    null,
    ['2024-06-01', 'frontmatter:updatedDate'],
  ],
  [
    'head newer than git',
    { head: '2024-03-04T08:00:00Z', git: '2024-03-01T00:00:00Z' },
    null,
    ['2024-03-04T08:00:00Z', 'html-meta'],
  ],
  [
    'git newer than head',
    { head: '2024-03-04T08:00:00Z', git: '2024-03-05T00:00:00Z' },
    null,
    ['2024-03-05T00:00:00Z', 'git'],
  ],
  [
    'an uncommitted edit newer than the commit',
    { git: '2024-01-01T10:00:00Z', mtime: '2024-06-01T08:00:00Z' },
    null,
    ['2024-06-01T08:00:00Z', 'mtime'],
  ],
  [
    'frontmatter vs mtime',
    { modified: fm('modDatetime', '2024-06-02'), mtime: '2024-06-01T08:00:00Z' },
    null,
    ['2024-06-02', 'frontmatter:modDatetime'],
  ],
  [
    'head vs mtime',
    { head: '2024-01-01', mtime: '2024-06-01T08:00:00Z' },
    null,
    ['2024-06-01T08:00:00Z', 'mtime'],
  ],
  [
    'a date beats the same day at midnight only when later',
    { modified: fm('lastmod', '2024-03-01'), git: '2024-03-01T00:00:00Z' },
    null,
    ['2024-03-01', 'frontmatter:lastmod'],
  ],
  // The published floor.
  [
    'published only',
    { published: fm('pubDatetime', '2024-01-05') },
    null,
    ['2024-01-05', 'frontmatter:pubDatetime'],
  ],
  [
    'a post committed before its scheduled publication',
    { published: fm('pubDatetime', '2024-03-05T09:00:00Z'), git: '2024-03-01T10:00:00Z' },
    null,
    ['2024-03-05T09:00:00Z', 'frontmatter:pubDatetime'],
  ],
  [
    'published older than the commit is no lastmod',
    { published: fm('date', '2018-01-01'), git: '2024-10-01T10:00:00Z' },
    null,
    ['2024-10-01T10:00:00Z', 'git'],
  ],
  [
    "the head's published date is a floor too",
    { headPublished: '2024-05-01', git: '2024-04-01T00:00:00Z' },
    null,
    ['2024-05-01', 'html-meta'],
  ],
  // The override is final, even when older than everything.
  [
    'sitemap.lastmod is final',
    {
      override: fm('sitemap.lastmod', '2020-01-01'),
      git: '2024-01-01T00:00:00Z',
      published: fm('date', '2023-01-01'),
    },
    null,
    ['2020-01-01', 'frontmatter:sitemap.lastmod'],
  ],
  // An explicit order: the first kind that knows wins; the floor still holds.
  [
    'an order makes frontmatter authoritative',
    { modified: fm('lastmod', '2017-02-01'), git: '2022-05-04T10:00:00Z' },
    ['frontmatter', 'git'],
    ['2017-02-01', 'frontmatter:lastmod'],
  ],
  [
    'an order falls through to the next kind',
    { git: '2022-05-04T10:00:00Z', mtime: '2024-01-01T00:00:00Z' },
    ['frontmatter', 'git', 'mtime'],
    ['2022-05-04T10:00:00Z', 'git'],
  ],
  [
    "an order's frontmatter link offers the published date when no modified one is given",
    { published: fm('date', '2021-01-01'), git: '2022-05-04T10:00:00Z' },
    ['frontmatter', 'git'],
    ['2021-01-01', 'frontmatter:date'],
  ],
  [
    'the floor holds under an order',
    { modified: fm('lastmod', '2017-02-01'), published: fm('date', '2018-01-01') },
    ['frontmatter'],
    ['2018-01-01', 'frontmatter:date'],
  ],
  // Dates after the build started are set aside.
  [
    'a future modified date is no evidence',
    { modified: fm('lastmod', '2030-01-01'), git: '2024-01-01T00:00:00Z' },
    null,
    ['2024-01-01T00:00:00Z', 'git'],
  ],
  [
    'a future published date is no floor',
    { published: fm('pubDate', '2030-01-01') },
    null,
    [undefined, 'none'],
  ],
];

describe('pickLastmod', () => {
  for (const [name, evidence, order, [value, from]] of rows) {
    it(name, () => {
      const picked = pickLastmod(evidence, order, NOW);
      expect(picked.value).toBe(value);
      expect(picked.from).toBe(from);
    });
  }
  it("a date alone is today's for an author east of UTC, not in the future", () => {
    // 22:00 UTC on May 1st is 08:00 on May 2nd in Sydney.
    const now = Date.parse('2024-05-01T22:00:00Z');
    const picked = pickLastmod(
      { modified: fm('lastmod', '2024-05-02'), git: '2024-04-01T00:00:00Z' },
      null,
      now,
    );
    expect([picked.value, picked.future]).toEqual(['2024-05-02', []]);
    // A day no zone has reached yet is.
    expect(pickLastmod({ modified: fm('lastmod', '2024-05-03') }, null, now).future).toHaveLength(
      1,
    );
  });
  it('lists what it set aside as future', () => {
    const picked = pickLastmod(
      { modified: fm('lastmod', '2030-01-01'), git: '2031-01-01T00:00:00Z' },
      null,
      NOW,
    );
    expect(picked.future).toEqual([
      { from: 'frontmatter:lastmod', value: '2030-01-01' },
      { from: 'git', value: '2031-01-01T00:00:00Z' },
    ]);
  });
  it('lists every candidate for the report', () => {
    expect(
      listEvidence({
        published: fm('date', '2020-01-01'),
        git: '2024-01-01T00:00:00Z',
        head: '2023-01-01',
        mtime: '2024-02-01T00:00:00Z',
      }),
    ).toEqual([
      { from: 'frontmatter:date', value: '2020-01-01' },
      { from: 'html-meta', value: '2023-01-01' },
      { from: 'git', value: '2024-01-01T00:00:00Z' },
      { from: 'mtime', value: '2024-02-01T00:00:00Z' },
    ]);
  });
});

type Page = Pick<PageRecord, 'url' | 'lastmod' | 'lastmodFrom' | 'excluded' | 'file'>;
const pageAt = (url: string, lastmod?: string, extra: Partial<Page> = {}): Page => ({
  url,
  file: 'x.html',
  lastmodFrom: lastmod ? 'git' : 'none',
  ...(lastmod ? { lastmod } : {}),
  ...extra,
});

describe('dateFromChildren', () => {
  it('dates sections and the home page by the newest page under them', () => {
    const pages = [
      pageAt('https://e.com/', '2024-01-01'),
      pageAt('https://e.com/blog/', '2024-02-01'),
      pageAt('https://e.com/blog/old/', '2023-01-01'),
      pageAt('https://e.com/blog/2024/new/', '2024-05-01T10:00:00Z'),
      pageAt('https://e.com/docs/'),
      pageAt('https://e.com/docs/a/', '2024-03-01'),
      pageAt('https://e.com/docs/b/', undefined),
      pageAt('https://e.com/about/', '2024-06-01'),
      pageAt('https://e.com/hidden/', undefined),
      pageAt('https://e.com/hidden/x/', '2030-01-01', { excluded: 'noindex' }),
    ];
    expect(dateFromChildren(pages, 'https://e.com/')).toBe(3);
    expect(pages.map((p) => [p.url.slice(13), p.lastmod ?? null, p.lastmodFrom])).toEqual([
      ['/', '2024-06-01', 'children'],
      ['/blog/', '2024-05-01T10:00:00Z', 'children'],
      ['/blog/old/', '2023-01-01', 'git'],
      ['/blog/2024/new/', '2024-05-01T10:00:00Z', 'git'],
      ['/docs/', '2024-03-01', 'children'],
      ['/docs/a/', '2024-03-01', 'git'],
      ['/docs/b/', null, 'none'],
      ['/about/', '2024-06-01', 'git'],
      // An excluded page is not listed, so it dates nothing.
      ['/hidden/', null, 'none'],
      ['/hidden/x/', '2030-01-01', 'git'],
    ]);
  });
  it('dates each section by its own pages, whatever a newer branch gave the ones above', () => {
    // A newer page comes first: `/blog/` and `/` have its date before the older branch is
    // seen, and the older branch still dates its own section, with the first of two equal
    // dates kept as it was written.
    const pages = [
      pageAt('https://e.com/', '2023-01-01'),
      pageAt('https://e.com/blog/a/x/', '2024-05-01'),
      pageAt('https://e.com/blog/b/', '2024-01-01'),
      pageAt('https://e.com/blog/b/y/', '2024-03-01'),
      pageAt('https://e.com/blog/b/z/', '2024-03-01T00:00:00Z'),
      pageAt('https://e.com/blog/b/old/', '2023-06-01'),
      pageAt('https://e.com/blog/', '2024-02-01'),
      pageAt('https://e.com/blog/a/', '2024-06-01'),
    ];
    expect(dateFromChildren(pages, 'https://e.com/')).toBe(3);
    expect(pages.map((p) => [p.url.slice(13), p.lastmod, p.lastmodFrom])).toEqual([
      ['/', '2024-06-01', 'children'],
      ['/blog/a/x/', '2024-05-01', 'git'],
      ['/blog/b/', '2024-03-01', 'children'],
      ['/blog/b/y/', '2024-03-01', 'git'],
      ['/blog/b/z/', '2024-03-01T00:00:00Z', 'git'],
      ['/blog/b/old/', '2023-06-01', 'git'],
      // The last page seen is the newest: it dates every node above it.
      ['/blog/', '2024-06-01', 'children'],
      // Its own date is newer than its child's: kept.
      ['/blog/a/', '2024-06-01', 'git'],
    ]);
  });
  it('keeps its own date when it is newer, and stays under the base', () => {
    const pages = [
      pageAt('https://e.com/docs/', '2024-09-01'),
      pageAt('https://e.com/docs/a', '2024-03-01'),
      pageAt('https://e.com/docs/a/b', '2024-04-01'),
    ];
    expect(dateFromChildren(pages, 'https://e.com/docs/')).toBe(1);
    expect(pages.map((p) => [p.lastmod, p.lastmodFrom])).toEqual([
      ['2024-09-01', 'git'],
      ['2024-04-01', 'children'],
      ['2024-04-01', 'git'],
    ]);
  });
  it('a page listed with its extension lists what is under its name: blog.html, blog/x.html', () => {
    const pages = [
      pageAt('https://e.com/blog.html', '2024-01-01'),
      pageAt('https://e.com/blog/x.html', '2024-04-01'),
      pageAt('https://e.com/blogs.html', '2024-01-01'),
    ];
    expect(dateFromChildren(pages, 'https://e.com/')).toBe(1);
    expect(pages.map((p) => [p.lastmod, p.lastmodFrom])).toEqual([
      ['2024-04-01', 'children'],
      ['2024-04-01', 'git'],
      ['2024-01-01', 'git'],
    ]);
  });
});

describe('dateFromChildren and a final date', () => {
  it("never moves an author's sitemap.lastmod", () => {
    const pages = [
      pageAt('https://e.com/blog/', '2020-01-01', { lastmodFrom: 'frontmatter:sitemap.lastmod' }),
      pageAt('https://e.com/blog/new/', '2024-01-01'),
    ];
    expect(dateFromChildren(pages, 'https://e.com/')).toBe(0);
    expect(pages[0]).toMatchObject({
      lastmod: '2020-01-01',
      lastmodFrom: 'frontmatter:sitemap.lastmod',
    });
  });
});

describe('stampedAtRender', () => {
  const built = Date.parse('2024-05-01T10:00:00Z');
  const rows: Array<[string, boolean]> = [
    ['2024-05-01T10:00:00Z', true],
    ['2024-05-01T09:55:00Z', true],
    ['2024-05-01T10:30:00Z', true],
    ['2024-05-01T09:40:00Z', false],
    ['2024-04-30', false],
  ];
  for (const [value, stamped] of rows)
    it(`${value} against a file written at 10:00 -> ${stamped}`, () =>
      expect(stampedAtRender(value, built)).toBe(stamped));
});

describe('dateFromChildren with locales', () => {
  it("a translation dates its own locale's listing pages, not the default locale's", () => {
    const pages = [
      pageAt('https://e.com/', '2024-01-01'),
      pageAt('https://e.com/guide/', '2024-02-01'),
      pageAt('https://e.com/de/', '2024-01-01'),
      pageAt('https://e.com/de/guide/', '2024-09-09'),
    ];
    expect(dateFromChildren(pages, 'https://e.com/', new Set(['de']))).toBe(2);
    expect(pages.map((p) => [p.url.slice(13), p.lastmod, p.lastmodFrom])).toEqual([
      ['/', '2024-02-01', 'children'],
      ['/guide/', '2024-02-01', 'git'],
      ['/de/', '2024-09-09', 'children'],
      ['/de/guide/', '2024-09-09', 'git'],
    ]);
  });
});

describe('dateFromChildren over a page table', () => {
  it('reads its views (lastmod codes, files) to the same dates as plain records', () => {
    const records = (): Page[] => [
      pageAt('https://e.com/', '2024-01-01'),
      pageAt('https://e.com/blog/', '2024-02-01T08:00:00Z'),
      // Text the column keeps as it is, older and newer than what is under it.
      pageAt('https://e.com/blog/a/', '2024-03-01T10:00:00.250+02:00'),
      pageAt('https://e.com/docs/', '2025-01-01T00:00:00.5Z'),
      pageAt('https://e.com/docs/x/', '2024-04-01'),
      // No file: dates nothing, is dated by nothing.
      pageAt('https://e.com/news/', '2020-01-01', { file: null }),
      pageAt('https://e.com/news/today/', '2024-09-01', { file: null }),
      pageAt('https://e.com/shop/', undefined),
      pageAt('https://e.com/shop/item/', '2024-07-07'),
      pageAt('https://e.com/gone/', '2024-01-01', { excluded: 'noindex' }),
      pageAt('https://e.com/gone/x/', '2024-12-12'),
      pageAt('https://e.com/final/', '2020-01-01', { lastmodFrom: 'frontmatter:sitemap.lastmod' }),
      pageAt('https://e.com/final/x/', '2024-12-12'),
    ];
    const plain = records();
    const views = pageList(records(), 'https://e.com/');
    const dated = dateFromChildren(plain, 'https://e.com/');
    expect(dated).toBe(3);
    expect(dateFromChildren(views, 'https://e.com/')).toBe(dated);
    const fields = (p: Page) => [p.url, p.lastmod ?? null, p.lastmodFrom];
    expect([...views].map(fields)).toEqual(plain.map(fields));
  });
});

describe('dateFromChildren over a page table, URL by URL', () => {
  const records = (): Page[] => [
    pageAt('https://e.com/', '2024-01-01'),
    pageAt('https://e.com/guide.HTML', '2024-02-01'),
    pageAt('https://e.com/guide/start.htm', '2024-05-05'),
    pageAt('https://e.com/guide/start/deep/', '2024-06-06'),
    pageAt('https://e.com/de/', '2024-01-01'),
    pageAt('https://e.com/de/guide/', '2024-11-11'),
    pageAt('https://e.com/deutsch/', '2024-01-01'),
    pageAt('https://e.com/deutsch/x/', '2024-10-10'),
    pageAt('https://e.com/caf%C3%A9/', '2024-01-01'),
    pageAt('https://e.com/caf%C3%A9/menu/', '2024-03-03'),
    pageAt('https://e.com/html', '2024-01-01'),
    pageAt('https://e.com/html/x.xhtml', '2024-04-04'),
  ];
  const fields = (p: Page) => [p.url, p.lastmod ?? null, p.lastmodFrom];

  /** Each page's date after, with no locale, and the root's with `de` and `deutsch` as locales. */
  const expected = [
    // Newest under the root: /de/guide/, unless `de` is a locale (then /deutsch/x/, unless
    // `deutsch` is one too).
    ['https://e.com/', '2024-11-11', 'children'],
    // Listed with its extension, in any case: lists what is under guide/.
    ['https://e.com/guide.HTML', '2024-06-06', 'children'],
    ['https://e.com/guide/start.htm', '2024-06-06', 'children'],
    ['https://e.com/guide/start/deep/', '2024-06-06', 'git'],
    ['https://e.com/de/', '2024-11-11', 'children'],
    ['https://e.com/de/guide/', '2024-11-11', 'git'],
    ['https://e.com/deutsch/', '2024-10-10', 'children'],
    ['https://e.com/deutsch/x/', '2024-10-10', 'git'],
    ['https://e.com/caf%C3%A9/', '2024-03-03', 'children'],
    ['https://e.com/caf%C3%A9/menu/', '2024-03-03', 'git'],
    // `.xhtml` is not `.html`: x.xhtml is a node of its own, under html.
    ['https://e.com/html', '2024-04-04', 'children'],
    ['https://e.com/html/x.xhtml', '2024-04-04', 'git'],
  ];
  const root = { '': '2024-11-11', de: '2024-10-10', 'de,deutsch': '2024-06-06' };

  for (const locales of [[], ['de'], ['de', 'deutsch']]) {
    it(`with locales [${locales.join(', ')}], from plain records and from views`, () => {
      const want = expected.map((row, i) =>
        i === 0 ? [row[0], root[locales.join(',') as keyof typeof root], 'children'] : row,
      );
      const plain = records();
      expect(dateFromChildren(plain, 'https://e.com/', new Set(locales))).toBe(7);
      expect(plain.map(fields)).toEqual(want);
      const views = pageList(records(), 'https://e.com/');
      expect(dateFromChildren(views, 'https://e.com/', new Set(locales))).toBe(7);
      expect([...views].map(fields)).toEqual(want);
    });
  }

  it('reads a URL set again (a canonical rename) and a table whose base is kept whole', () => {
    const plain = records();
    const dated = dateFromChildren(plain, 'https://e.com/');
    const renamed = pageList(
      records().map((p) => ({ ...p, url: p.url.replace('guide/start/deep/', 'tmp/') })),
      'https://e.com/',
    );
    // Set again: the URL column keeps places from here on, some rows cut and some not.
    for (const page of renamed) page.url = page.url.replace('tmp/', 'guide/start/deep/');
    expect(dateFromChildren(renamed, 'https://e.com/')).toBe(dated);
    expect([...renamed].map(fields)).toEqual(plain.map(fields));
    const whole = pageList(records(), 'https://e.com/v2');
    expect(dateFromChildren(whole, 'https://e.com/')).toBe(dated);
    expect([...whole].map(fields)).toEqual(plain.map(fields));
  });
});
