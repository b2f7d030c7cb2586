import { describe, expect, it } from 'vitest';
import { EscapeScanner } from '../../src/validate/scan-escapes.js';

function scan(text: string, chunk = text.length) {
  const scanner = new EscapeScanner();
  for (let i = 0; i < text.length; i += chunk) scanner.write(text.slice(i, i + chunk));
  return scanner.close().map(({ kind, line, chars, count, inAttribute }) => ({
    kind,
    line,
    chars,
    count,
    inAttribute,
  }));
}

const DOC = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a comment with ' " > & is skipped -->
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:x='http://x/?a=1&amp;b=2'>
  <url><loc>https://e.com/?a=1&b=2&amp;c=3&#38;&#x26;&eacute;</loc></url>
  <url><loc>https://e.com/it's "quoted" > and 'again'</loc></url>
  <url><loc><![CDATA[https://e.com/?a=1&b=2's]]></loc></url>
  <url><loc>https://e.com/</loc><x:y a="it's" b='say "hi"' c="a>b" d="&bad"/></url>
  <url><loc>https://e.com/&amp</loc></url>
</urlset>
`;

const EXPECTED = [
  { kind: 'ampersand', line: 4, chars: ['&'], count: 1, inAttribute: false },
  { kind: 'unescaped', line: 5, chars: ["'", '"', '>'], count: 6, inAttribute: false },
  { kind: 'unescaped', line: 7, chars: ["'", '"', '>'], count: 4, inAttribute: true },
  { kind: 'ampersand', line: 7, chars: ['&'], count: 1, inAttribute: true },
  { kind: 'ampersand', line: 8, chars: ['&'], count: 1, inAttribute: false },
];

describe('EscapeScanner', () => {
  it('finds raw & and raw \' " > in text and attributes, one issue per kind and line', () => {
    expect(scan(DOC)).toEqual(EXPECTED);
  });

  for (const chunk of [1, 2, 7, 63, 64, 65, 1000]) {
    it(`finds the same in chunks of ${chunk}`, () => {
      expect(scan(DOC, chunk)).toEqual(EXPECTED);
    });
  }

  it('finds nothing in a clean file', () => {
    expect(scan('<a b="it&apos;s">x &lt; y &gt; z &quot;&apos;</a>')).toEqual([]);
  });
});
