/**
 * The end of a page's head found in its bytes (`headEnd`, what `readHead` reads with) against
 * the rule it stands for, `HEAD_END` run over the whole text read: the same text and the same
 * cut for end tags of every form, at and across the edges of the reads, after characters of
 * several bytes, with whitespace `\s` matches beyond ASCII, in runs longer than a read's edge.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HEAD_END, headEnd } from '../../src/discover/read-head.js';
import { readPrefixBytes } from '../../src/discover/read-prefix.js';

const dir = mkdtempSync(join(tmpdir(), 'head-end-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The rule itself: the first `bytes` of the file decoded, and `HEAD_END` over all of it. */
function byRule(path: string, cap: number) {
  const file = readFileSync(path);
  const text = new TextDecoder().decode(file.subarray(0, cap));
  const end = HEAD_END.exec(text);
  if (end) return { text: text.slice(0, end.index), cut: false };
  return { text, cut: file.length > cap };
}

const ENDS = [
  '</head>',
  '</HEAD >',
  '</Head\n\t>',
  '<body>',
  '<BODY class="x">',
  '<body\n>',
  '<body\u00a0>',
  '</head\u3000>',
  '</head \u2028 >',
  `</head${'\u3000'.repeat(40)}>`,
  `</head ${' \u00a0'.repeat(30)}>`,
  '</head\u3000x>',
  '</header><body>',
  '<bodyx></head>',
  '<!-- </head> -->',
  '</head',
  '',
];
const FILLERS = ['a', 'é', '日', '😀'];
const PLACES = [0, 100, 8178, 8180, 8181, 8182, 8183, 8184, 8186, 8188, 8190, 8191, 8192, 8193];

describe('headEnd', () => {
  it('cuts where the rule over the whole text cuts, for every end tag at every place', () => {
    let file = 0;
    for (const end of ENDS) {
      for (const filler of FILLERS) {
        // The end tag starting before the edge of the first read, on it, across it, after
        // it; and at the second. Characters of several bytes end right before it.
        for (const at of [...PLACES, 16_380]) {
          const bytes = Buffer.byteLength(filler);
          const count = Math.max(0, Math.floor((at - 6) / bytes));
          const head = `<head>${'x'.repeat(Math.max(0, at - 6 - count * bytes))}${filler.repeat(count)}`;
          const path = join(dir, `${file++}.html`);
          writeFileSync(path, `${head}${end}<p>${filler.repeat(3000)}</p><body>z`);
          for (const cap of [512 * 1024, 9000]) {
            expect(
              readPrefixBytes(path, cap, headEnd),
              `${path} ${JSON.stringify(end)} ${cap}`,
            ).toEqual(byRule(path, cap));
          }
        }
      }
    }
  });

  it('finds the same end wherever the bytes lie in memory, and whatever the read before it', () => {
    // Four bytes at a time from the first aligned one: the bytes at each of the four offsets
    // of a larger buffer, searched from each place a read could have ended.
    let checked = 0;
    for (const end of ENDS) {
      for (const filler of ['a', 'é', '<', '<b', '</h']) {
        for (const length of [0, 1, 3, 5, 31, 64, 130]) {
          const text = `<head>${filler.repeat(length)}${end}<p>x</p><body>`;
          const rule = HEAD_END.exec(text);
          const bytes = Buffer.from(text);
          const expected = rule ? Buffer.byteLength(text.slice(0, rule.index)) : null;
          for (let offset = 0; offset < 4; offset++) {
            const memory = Buffer.alloc(bytes.length + 8, 0x3c);
            bytes.copy(memory, offset);
            const view = memory.subarray(offset, offset + bytes.length);
            for (const before of [0, 1, 7, 9, 40]) {
              if (before > bytes.length) continue;
              const found = headEnd(view, before, bytes.length);
              // A read that ended past the end tag's start found it in its own search already.
              if (expected !== null && before > expected) continue;
              expect(found, `${JSON.stringify(text)} at ${offset} from ${before}`).toBe(expected);
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });
});
