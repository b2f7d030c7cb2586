import { describe, expect, it } from 'vitest';
import { checkUrl, isUnderSitemap, urlKey } from '../../src/validate/check-url.js';

/** URL as written (entity-decoded) -> the rules it breaks. */
const CASES: Record<string, string[]> = {
  'https://example.com/': [],
  'http://example.com': [],
  'HTTPS://EXAMPLE.COM/A': [],
  'https://example.com/caf%C3%A9?q=a%20b&x=1#top': [],
  "https://example.com/it's/(1)/a+b,c;d=e!$*@:~": [],
  'https://[2001:db8::1]:8080/x': [],
  'https://xn--caf-dma.example/': [],
  '/about/': ['url-absolute'],
  'about/': ['url-absolute'],
  '//example.com/a': ['url-absolute'],
  'ftp://example.com/file': ['url-absolute'],
  'mailto:me@example.com': ['url-absolute'],
  'https:///path': ['url-absolute'],
  'https://example.com:99999/': ['url-absolute'],
  '': ['url-absolute'],
  'https://example.com/café': ['url-encoding'],
  'https://café.example/': ['url-encoding'],
  'https://example.com/a b': ['url-encoding'],
  'https://example.com/a\tb': ['url-encoding'],
  'https://example.com/%zz': ['url-encoding'],
  'https://example.com/100%': ['url-encoding'],
  'https://example.com/%E': ['url-encoding'],
  'https://example.com/a"b': ['url-encoding'],
  'https://example.com/a<b>': ['url-encoding'],
  'https://example.com/{x}|y^`z\\': ['url-encoding'],
  'https://example.com/a[1]': ['url-encoding'],
  'https://example.com/a#b#c': ['url-encoding'],
  ' https://example.com/': ['url-whitespace'],
  'https://example.com/\n': ['url-whitespace'],
  [`https://example.com/${'a'.repeat(2027)}`]: [],
  [`https://example.com/${'a'.repeat(2028)}`]: ['url-length'],
  '/café path': ['url-absolute', 'url-encoding'],
};

describe('checkUrl', () => {
  for (const [url, rules] of Object.entries(CASES)) {
    it(`${JSON.stringify(url.length > 60 ? `${url.slice(0, 40)}…(${url.length})` : url)} -> ${rules.join(', ') || 'ok'}`, () => {
      expect(
        checkUrl(url)
          .map((p) => p.rule)
          .sort(),
      ).toEqual([...rules].sort());
    });
  }

  it('describes each encoding problem once', () => {
    const [problem] = checkUrl('https://example.com/é/é b/%zz');
    expect(problem?.message).toBe(
      'raw non-ASCII "é" (U+00E9) must be percent-encoded; a space must be percent-encoded; "%zz" is not a valid %XX escape',
    );
  });
});

/** [url, sitemap URL, under its directory?] */
const LOCATION: [string, string, boolean][] = [
  ['https://example.com/a', 'https://example.com/sitemap.xml', true],
  ['https://example.com/', 'https://example.com/sitemap.xml', true],
  ['https://example.com/docs/a', 'https://example.com/docs/sitemap.xml', true],
  ['https://example.com/docs/', 'https://example.com/docs/sitemap.xml', true],
  ['https://example.com/docs', 'https://example.com/docs/sitemap.xml', false],
  ['https://example.com/other/', 'https://example.com/docs/sitemap.xml', false],
  ['http://example.com/a', 'https://example.com/sitemap.xml', false],
  ['https://www.example.com/a', 'https://example.com/sitemap.xml', false],
  ['https://EXAMPLE.com:443/a', 'https://example.com/sitemap.xml', true],
  ['https://example.com:8443/a', 'https://example.com/sitemap.xml', false],
];

describe('isUnderSitemap', () => {
  for (const [url, sitemap, under] of LOCATION) {
    it(`${url} under ${sitemap}: ${under}`, () => {
      expect(isUnderSitemap(new URL(url), new URL(sitemap))).toBe(under);
    });
  }
});

describe('urlKey', () => {
  it('finds duplicates through host case, default port and empty path', () => {
    expect(urlKey(' https://Example.COM:443 ')).toBe(urlKey('https://example.com/'));
    expect(urlKey('https://example.com/a')).not.toBe(urlKey('https://example.com/A'));
    expect(urlKey('/relative')).toBe('/relative');
  });
});
