import { describe, expect, it } from 'vitest';
import { flat, ownString } from '../../src/flat-string.js';
import { encodePathSegment, encodeUrl, isPlainUrl } from '../../src/url/encode.js';
import { escapeXml, stripInvalidXmlChars } from '../../src/url/escape.js';

describe('encodeUrl (RFC 3986)', () => {
  const rows: Record<string, string | null> = {
    'https://example.com/über': 'https://example.com/%C3%BCber',
    'https://example.com/a b': 'https://example.com/a%20b',
    'https://example.com/already%20encoded': 'https://example.com/already%20encoded',
    'https://example.com/lower%c3%bc': 'https://example.com/lower%C3%BC',
    'https://example.com/100%': 'https://example.com/100%25',
    'https://example.com/%zz': 'https://example.com/%25zz',
    'https://Example.COM:443/x': 'https://example.com/x',
    'http://example.com:8080/x': 'http://example.com:8080/x',
    'https://bücher.de/': 'https://xn--bcher-kva.de/',
    'https://example.com/q?a=1&b=ü c': 'https://example.com/q?a=1&b=%C3%BC%20c',
    "https://example.com/it's(1)": "https://example.com/it's(1)",
    'https://example.com/a|b^c`d{e}': 'https://example.com/a%7Cb%5Ec%60d%7Be%7D',
    'https://example.com': 'https://example.com/',
    'https://example.com/😀': 'https://example.com/%F0%9F%98%80',
    '/relative': null,
    'not a url': null,
  };
  for (const [input, expected] of Object.entries(rows)) {
    it(`${input} -> ${expected}`, () => expect(encodeUrl(input)).toBe(expected));
  }
});

describe('encodePathSegment', () => {
  const rows: Record<string, string> = {
    'über uns': '%C3%BCber%20uns',
    '100%': '100%25',
    'a#b': 'a%23b',
    'q?x': 'q%3Fx',
    'a&b': 'a&b',
    'a/b': 'a%2Fb',
    日本: '%E6%97%A5%E6%9C%AC',
  };
  for (const [input, expected] of Object.entries(rows)) {
    it(`${input} -> ${expected}`, () => expect(encodePathSegment(input)).toBe(expected));
  }
});

describe('escapeXml', () => {
  const rows: Record<string, string> = {
    'a&b': 'a&amp;b',
    '<tag>': '&lt;tag&gt;',
    '"quoted"': '&quot;quoted&quot;',
    "it's": 'it&apos;s',
    '</loc>': '&lt;/loc&gt;',
    'bell\u0007 and nul\u0000': 'bell and nul',
    'tab\tnewline\n': 'tab\tnewline\n',
    'lone \uD800 surrogate': 'lone  surrogate',
    'pair 😀': 'pair 😀',
    '\uFFFE\uFFFF': '',
  };
  for (const [input, expected] of Object.entries(rows)) {
    it(`${JSON.stringify(input)} -> ${JSON.stringify(expected)}`, () =>
      expect(escapeXml(input)).toBe(expected));
  }
  it('strips only what XML 1.0 forbids', () => {
    expect(stripInvalidXmlChars('a\u000Bb\u000Dc')).toBe('ab\u000Dc');
  });
});

describe('isPlainUrl (the fast path of encodeUrl and head href resolution)', () => {
  const plain = [
    'https://example.com/',
    'https://example.com/blog/post-1/',
    'http://localhost/a/b.html',
    'https://sub.example.co.uk/caf%C3%A9/',
    "https://example.com/a:b@c!$&'()*+,;=~_-./x",
    'https://a-b.example/x',
  ];
  it.each(plain)('%s is left unchanged by encodeUrl and by URL parsing', (url) => {
    expect(isPlainUrl(url)).toBe(true);
    expect(encodeUrl(url)).toBe(url);
    expect(new URL(url).href).toBe(url);
  });
  const notPlain = [
    'https://Example.com/', // host case
    'HTTPS://example.com/', // scheme case
    'https://example.com', // no path
    'https://example.com:443/', // default port
    'https://example.com:8080/', // any port
    'https://user@example.com/', // credentials
    'https://example.com/a/../b', // dot segments
    'https://example.com/a/./b',
    'https://example.com/a/%2e%2e/b',
    'https://example.com/caf%c3%a9', // lower-case escape
    'https://example.com/100%', // bare %
    'https://example.com/a?b=1', // query
    'https://example.com/a#b', // fragment
    'https://example.com/über', // raw non-ASCII
    'https://example.com/a b', // space
    'https://1.2.3/', // an IPv4 number
    'https://xn--nxasmq6b.com/', // punycode is checked by parsing
    'https://example.com/a\\b', // backslash
    '/relative/path',
  ];
  it.each(notPlain)('%s takes the full path', (url) => {
    expect(isPlainUrl(url)).toBe(false);
  });
});

describe('ownString', () => {
  it('copies a slice, lone surrogates and all', () => {
    const head = `<link rel="alternate" href="https://example.com/de/über/">\ud800${'x'.repeat(9000)}`;
    const start = head.indexOf('https');
    const surrogate = head.indexOf('\ud800');
    expect(ownString(head.slice(start, head.indexOf('"', start)))).toBe(
      'https://example.com/de/über/',
    );
    expect(ownString(head.slice(surrogate, surrogate + 14))).toBe(`\ud800${'x'.repeat(13)}`);
    expect(ownString('short')).toBe('short');
  });
});

describe('flat', () => {
  it('keeps the characters of every string it copies', () => {
    const parts = ['https://example.com/', 'über/', 'a'.repeat(40), '/'];
    const joined = parts.join('');
    let built = '';
    for (const part of parts) built += part;
    expect(flat(built)).toBe(joined);
    expect(flat('short')).toBe('short');
    expect(flat('')).toBe('');
    // A NUL is the one character `flat` looks for: such a string comes back as it was.
    expect(flat(`${'x'.repeat(20)}\0${'y'.repeat(20)}`)).toBe(
      `${'x'.repeat(20)}\0${'y'.repeat(20)}`,
    );
  });
});
