import { describe, expect, it } from 'vitest';
import { parseHead } from '../../src/discover/read-head.js';
import { resourceKey } from '../../src/select/exclusions.js';
import { judgeHead } from '../../src/select/head-rules.js';

const ALL = { noindex: true, canonical: true, redirect: true, hreflang: true };
const PAGE = 'https://example.com/blog/post/';

describe('judgeHead', () => {
  // head html -> expected exclusion (undefined: listed)
  const rows: Array<[string, string, string | undefined]> = [
    ['robots noindex', '<meta name="robots" content="noindex, follow">', 'noindex'],
    ['robots NONE upper-case', '<META NAME="ROBOTS" CONTENT="NONE">', 'noindex'],
    ['googlebot noindex', '<meta name="googlebot" content="noindex">', 'noindex'],
    ['robots index', '<meta name="robots" content="index, follow">', undefined],
    ['other bot noindex is not ours', '<meta name="bingbot" content="noindex">', undefined],
    [
      'canonical elsewhere',
      '<link rel="canonical" href="https://example.com/other/">',
      'canonical',
    ],
    [
      'canonical other host',
      '<link rel="canonical" href="https://other.com/blog/post/">',
      'canonical',
    ],
    ['canonical self', '<link rel="canonical" href="https://example.com/blog/post/">', undefined],
    ['canonical self, relative', '<link rel="canonical" href="/blog/post/">', undefined],
    ['canonical self, dot segments', '<link rel="canonical" href="/blog/x/../post/">', undefined],
    [
      'canonical elsewhere, dot segments',
      '<link rel="canonical" href="/blog/post/../">',
      'canonical',
    ],
    [
      'canonical self, no slash',
      '<link rel="canonical" href="https://example.com/blog/post">',
      undefined,
    ],
    [
      'canonical self, host case and port',
      '<link rel="canonical" href="https://EXAMPLE.com:443/blog/post/">',
      undefined,
    ],
    [
      'canonical self, index.html',
      '<link rel="canonical" href="https://example.com/blog/post/index.html">',
      undefined,
    ],
    [
      'canonical self with query is another page',
      '<link rel="canonical" href="https://example.com/blog/post/?page=2">',
      'canonical',
    ],
    ['refresh redirect', '<meta http-equiv="refresh" content="0;url=/new/">', 'redirect'],
    ['refresh without url is a reload', '<meta http-equiv="refresh" content="30">', undefined],
    ['tag in body is ignored', '</head><body><meta name="robots" content="noindex">', undefined],
  ];
  for (const [name, head, expected] of rows) {
    it(name, () => {
      const html = `<!doctype html><html><head><title>x</title>${head}</head><body></body></html>`;
      const end = html.search(/<\/head\s*>|<body[\s>]/i);
      expect(judgeHead(parseHead(html.slice(0, end)), PAGE, ALL).excluded).toBe(expected);
    });
  }

  it('each rule can be turned off', () => {
    const info = parseHead(
      '<meta name="robots" content="noindex"><link rel="canonical" href="/x/">',
    );
    expect(
      judgeHead(info, PAGE, { ...ALL, noindex: false, canonical: false }).excluded,
    ).toBeUndefined();
  });

  it('resolves hreflang alternates, x-default included, and skips invalid ones', () => {
    const info = parseHead(
      '<link rel="alternate" hreflang="en" href="/blog/post/"><link rel="alternate" hreflang="de-AT" href="https://example.com/de/beitrag/"><link rel="alternate" hreflang="x-default" href="/blog/post/"><link rel="alternate" hreflang="not a lang!" href="/x/"><link rel="alternate" type="application/rss+xml" href="/rss.xml">',
    );
    const verdict = judgeHead(info, PAGE, ALL);
    expect(verdict.alternates).toEqual([
      { lang: 'en', url: 'https://example.com/blog/post/' },
      { lang: 'de-AT', url: 'https://example.com/de/beitrag/' },
      { lang: 'x-default', url: 'https://example.com/blog/post/' },
    ]);
    expect(verdict.problems).toHaveLength(1);
  });

  it('reads article:modified_time and decodes entities', () => {
    const info = parseHead(
      '<meta property="article:modified_time" content="2024-03-04T10:00:00+02:00"><link rel="canonical" href="/a?x=1&amp;y=2">',
    );
    expect(info.canonical).toBe('/a?x=1&y=2');
    expect(judgeHead(info, PAGE, ALL).modified).toBe('2024-03-04T08:00:00Z');
  });

  // Head -> [modified, published] as read: meta tags first, then JSON-LD.
  const dated: Array<[string, string, [string | undefined, string | undefined]]> = [
    [
      'article times',
      '<meta property="article:published_time" content="2024-01-01"><meta property="article:modified_time" content="2024-02-02">',
      ['2024-02-02', '2024-01-01'],
    ],
    [
      'JSON-LD on its own',
      '<script type="application/ld+json">{"@type":"BlogPosting","datePublished":"2024-01-01T10:00:00+01:00","dateModified":"2024-03-03"}</script>',
      ['2024-03-03', '2024-01-01T10:00:00+01:00'],
    ],
    [
      'JSON-LD in a @graph, type written in capitals',
      '<script type="Application/LD+JSON">{"@graph":[{"@type":"WebSite"},{"@type":"Article","dateModified":"2024-04-04"}]}</script>',
      ['2024-04-04', undefined],
    ],
    [
      'JSON-LD as an array',
      '<script type="application/ld+json">[{"@type":"Thing"},{"datePublished":"2024-05-05"}]</script>',
      [undefined, '2024-05-05'],
    ],
    [
      'meta tags win over JSON-LD',
      '<script type="application/ld+json">{"dateModified":"2020-01-01"}</script><meta property="article:modified_time" content="2024-06-06">',
      ['2024-06-06', undefined],
    ],
    [
      'itemprop microdata',
      '<meta itemprop="dateModified" content="2024-07-07">',
      ['2024-07-07', undefined],
    ],
    [
      'broken JSON-LD says nothing',
      '<script type="application/ld+json">{"dateModified": </script>',
      [undefined, undefined],
    ],
    [
      'a plain script is no JSON-LD',
      '<script>var x = {"dateModified":"2024-01-01"}</script>',
      [undefined, undefined],
    ],
  ];
  for (const [name, head, [modified, published]] of dated) {
    it(`reads dates: ${name}`, () => {
      const info = parseHead(head);
      expect([info.modifiedTime, info.publishedTime]).toEqual([modified, published]);
    });
  }

  it('judges the published date too, and names a bad one', () => {
    const verdict = judgeHead(
      parseHead(
        '<meta property="article:published_time" content="2024-02-30"><meta property="article:modified_time" content="2024-03-01">',
      ),
      PAGE,
      ALL,
    );
    expect(verdict.modified).toBe('2024-03-01');
    expect(verdict.published).toBeUndefined();
    expect(verdict.problems).toEqual(['published date in the head: 2024-02-30 is not a real date']);
  });
});

describe('resourceKey', () => {
  it('treats slash, no slash, index.html and .html alike', () => {
    const keys = [
      'https://e.com/a/',
      'https://e.com/a',
      'https://e.com/a/index.html',
      'https://e.com/a.html',
    ].map(resourceKey);
    expect(new Set(keys).size).toBe(1);
  });
});
