/**
 * An entry written as bytes from the columns (`xml/url-bytes.ts`) is the entry `renderUrl`
 * writes, byte for byte; a URL it would not write as it is goes back to `renderUrl`.
 */
import { describe, expect, it } from 'vitest';
import { ByteScratch } from '../../src/columns/byte-scratch.js';
import { encodeLastmod } from '../../src/columns/lastmod-column.js';
import type { ChangeFreq } from '../../src/types.js';
import { renderUrl } from '../../src/xml/render.js';
import { renderUrlBytes } from '../../src/xml/url-bytes.js';

function asBytes(
  url: string,
  lastmod: string | undefined,
  changefreq?: ChangeFreq,
  priority?: number,
): string | null {
  const urlBytes = new ByteScratch();
  urlBytes.write(url);
  const into = new ByteScratch();
  const code = lastmod === undefined ? Number.NaN : encodeLastmod(lastmod);
  return renderUrlBytes(urlBytes, code, changefreq, priority, into)
    ? into.bytes.toString('utf8', 0, into.length)
    : null;
}

describe('renderUrlBytes', () => {
  it('writes what renderUrl writes', () => {
    const urls = [
      'https://example.com/',
      'https://example.com/blog/post-1/',
      'https://example.com/caf%C3%A9?q=a%20b#x',
      `https://example.com/${'a'.repeat(300)}`,
      'https://example.com/~user/(1)/a+b=c;d,e:f@g!h$i*j',
    ];
    const lastmods = [
      undefined,
      '2024-05-01',
      '2024-05-01T00:00:00Z',
      '0001-01-01',
      '9999-12-31T23:59:59Z',
    ];
    const changefreqs: (ChangeFreq | undefined)[] = [undefined, 'daily', 'never'];
    const priorities = [undefined, 0, 0.5, 1, 0.25, 0.1 + 0.2];
    let compared = 0;
    for (const url of urls)
      for (const lastmod of lastmods)
        for (const changefreq of changefreqs)
          for (const priority of priorities) {
            const written = asBytes(url, lastmod, changefreq, priority);
            expect(written).toBe(renderUrl({ url, lastmod, changefreq, priority }));
            compared++;
          }
    expect(compared).toBe(450);
  });

  it('writes what renderUrl writes for more pairs of values than it keeps', () => {
    for (let i = 0; i <= 600; i++) {
      const url = `https://example.com/p/${i}/`;
      const changefreq: ChangeFreq = i % 2 === 0 ? 'daily' : 'weekly';
      const priority = i / 600;
      expect(asBytes(url, '2024-05-01', changefreq, priority)).toBe(
        renderUrl({ url, lastmod: '2024-05-01', changefreq, priority }),
      );
    }
  });

  it('leaves to renderUrl a URL with a character XML escapes or forbids, or beyond ASCII', () => {
    for (const url of [
      'https://example.com/?a=1&b=2',
      "https://example.com/it's",
      'https://example.com/"q"',
      'https://example.com/<x>',
      'https://example.com/a\u0001b',
      'https://example.com/café',
    ])
      expect(asBytes(url, '2024-05-01'), url).toBeNull();
  });
});

describe('ByteScratch.startsWith', () => {
  it('tells a prefix of what it holds, not of the stale bytes after it', () => {
    const scratch = new ByteScratch();
    scratch.write('https://e.com/blog/post/');
    const prefix = (text: string) => scratch.startsWith(Buffer.from(text));
    expect([prefix(''), prefix('https://e.com/'), prefix('https://e.com/blog/')]).toEqual([
      true,
      true,
      true,
    ]);
    expect([prefix('https://e.com/docs/'), prefix('http://')]).toEqual([false, false]);
    // Shorter text written over a longer one: the old bytes past its end are no part of it.
    scratch.write('https://e.com/');
    expect([prefix('https://e.com/'), prefix('https://e.com/blog/')]).toEqual([true, false]);
  });
});

describe('ByteScratch.writeUrlOf', () => {
  it("writes a plain record's URL from its string, a view's from its own bytes", () => {
    const scratch = new ByteScratch();
    scratch.writeUrlOf({ url: 'https://e.com/caf%C3%A9/' });
    expect(scratch.bytes.toString('utf8', 0, scratch.length)).toBe('https://e.com/caf%C3%A9/');
    const view = {
      url: 'not read',
      writeUrl(into: ByteScratch) {
        into.write('https://e.com/from-bytes/');
      },
    };
    scratch.writeUrlOf(view);
    expect(scratch.bytes.toString('utf8', 0, scratch.length)).toBe('https://e.com/from-bytes/');
  });
});
