import { describe, expect, it } from 'vitest';
import { resolveListed } from '../../src/validate/follow-index.js';
import {
  fileOfUrl,
  inferSite,
  normaliseSite,
  resolveRelative,
  urlOfFile,
} from '../../src/validate/site.js';

describe('normaliseSite', () => {
  const CASES: Record<string, string | undefined> = {
    'https://example.com': 'https://example.com/',
    'https://example.com/docs': 'https://example.com/docs/',
    'https://example.com/docs/?q=1#x': 'https://example.com/docs/',
    'http://localhost:4321/': 'http://localhost:4321/',
    '/docs/': undefined,
    'example.com': undefined,
    'ftp://example.com/': undefined,
  };
  for (const [input, expected] of Object.entries(CASES)) {
    it(`${input} -> ${expected}`, () => expect(normaliseSite(input)?.href).toBe(expected));
  }
});

describe('fileOfUrl', () => {
  const site = new URL('https://example.com/docs/');
  const CASES: Record<string, string | undefined> = {
    'https://example.com/docs/sitemap-0.xml': 'sitemap-0.xml',
    'https://example.com/docs/sub/sitemap.xml.gz': 'sub/sitemap.xml.gz',
    'https://example.com/docs/caf%C3%A9/s.xml': 'café/s.xml',
    'https://EXAMPLE.com/docs/a.xml': 'a.xml',
    'https://example.com/docs/': undefined,
    'https://example.com/sitemap.xml': undefined,
    'https://example.com/docsx/sitemap.xml': undefined,
    'http://example.com/docs/sitemap.xml': undefined,
    'https://other.com/docs/sitemap.xml': undefined,
    'https://example.com/docs/%2e%2e/secret.xml': undefined,
    'https://example.com/docs/a/..%2F..%2Fsecret.xml': undefined,
    'https://example.com/docs/a%5C..%5Csecret.xml': undefined,
    'https://example.com/docs/a%00.xml': undefined,
    'https://example.com/docs/%zz.xml': undefined,
    '/docs/sitemap.xml': undefined,
  };
  for (const [url, expected] of Object.entries(CASES)) {
    it(`${url} -> ${expected}`, () => expect(fileOfUrl(url, site)).toBe(expected));
  }
});

describe('urlOfFile', () => {
  it('percent-encodes each segment', () => {
    expect(urlOfFile('sub/café 1.xml', new URL('https://e.com/docs/'))).toBe(
      'https://e.com/docs/sub/caf%C3%A9%201.xml',
    );
  });
});

describe('resolveRelative', () => {
  const CASES: [string, string, string | undefined][] = [
    ['sitemap-0.xml', 'sitemap-index.xml', 'sitemap-0.xml'],
    ['sitemap-0.xml', 'sub/index.xml', 'sub/sitemap-0.xml'],
    ['./a/../b.xml', 'sub/index.xml', 'sub/b.xml'],
    ['../b.xml', 'sub/index.xml', 'b.xml'],
    ['../b.xml', 'index.xml', undefined],
    ['../../etc/passwd', 'sub/index.xml', undefined],
    ['/etc/passwd', 'index.xml', undefined],
    ['%2e%2e/x.xml', 'index.xml', undefined],
    ['b.xml?x=1#y', 'index.xml', 'b.xml'],
  ];
  for (const [reference, from, expected] of CASES) {
    it(`${reference} from ${from} -> ${expected}`, () => {
      expect(resolveRelative(reference, from)).toBe(expected);
    });
  }
});

describe('inferSite', () => {
  const files = new Set(['sitemap-0.xml', 'sub/sitemap-1.xml']);
  const exists = (f: string) => files.has(f);
  const CASES: Record<string, string | undefined> = {
    'https://example.com/sitemap-0.xml': 'https://example.com/',
    'https://example.com/docs/sitemap-0.xml': 'https://example.com/docs/',
    'https://example.com/docs/sub/sitemap-1.xml': 'https://example.com/docs/',
    'https://example.com/sitemap-9.xml': undefined,
    'https://example.com/%2e%2e/sitemap-0.xml': 'https://example.com/',
    '/sitemap-0.xml': undefined,
  };
  for (const [url, expected] of Object.entries(CASES)) {
    it(`${url} -> ${expected}`, () => expect(inferSite(url, exists)?.href).toBe(expected));
  }
});

describe('resolveListed', () => {
  const files = new Set(['sitemap-0.xml', 'sub/sitemap-1.xml']);
  const exists = (f: string) => files.has(f);
  const site = new URL('https://example.com/docs/');
  const from = {
    file: 'sitemap-index.xml',
    self: new URL('https://example.com/docs/sitemap-index.xml'),
  };
  const CASES: Record<string, string> = {
    'https://example.com/docs/sitemap-0.xml': 'file sitemap-0.xml',
    'https://example.com/docs/sub/sitemap-1.xml': 'file sub/sitemap-1.xml',
    'https://example.com/docs/sitemap-9.xml': 'sitemap-missing',
    'https://example.com/blog/sitemap.xml': 'sitemap-not-followed',
    'https://cdn.example.net/sitemap.xml': 'skip',
    'sitemap-0.xml': 'file sitemap-0.xml',
    'sitemap-9.xml': 'sitemap-missing',
    '../outside.xml': 'sitemap-not-followed',
    'file:///etc/passwd': 'skip',
    '': 'skip',
  };
  for (const [loc, expected] of Object.entries(CASES)) {
    it(`${JSON.stringify(loc)} -> ${expected}`, () => {
      const listed = resolveListed(loc, from, site, exists);
      const got =
        listed.kind === 'file'
          ? `file ${listed.file}`
          : listed.kind === 'finding'
            ? listed.rule
            : 'skip';
      expect(got).toBe(expected);
    });
  }

  it('without a site, an absolute URL cannot be mapped', () => {
    const listed = resolveListed(
      'https://example.com/sitemap-0.xml',
      { file: 'i.xml', self: undefined },
      undefined,
      exists,
    );
    expect(listed).toMatchObject({ kind: 'finding', rule: 'sitemap-missing' });
  });
});
