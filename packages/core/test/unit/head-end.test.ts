/**
 * The end of a page's head found in its bytes (`headEnd`, what `readHead` reads with) against
 * the rule it stands for, `HEAD_END` run over the decoded text (as heads were read before): the
 * same text and the same cut for end tags of every form, at and across the edges of the reads,
 * after characters of several bytes, with whitespace `\s` matches beyond ASCII.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HEAD_END, headEnd } from '../../src/discover/read-head.js';
import { readPrefixBytes, readPrefixOf } from '../../src/discover/read-prefix.js';

const dir = mkdtempSync(join(tmpdir(), 'head-end-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** How heads were read: the text decoded chunk by chunk, the rule run over it. */
function byText(path: string, cap: number) {
  return readPrefixOf(path, cap, (head, before) => {
    const from = Math.max(0, before - 8);
    const end = HEAD_END.exec(head.slice(from));
    return end ? from + end.index : null;
  });
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
  '</header><body>',
  '<bodyx></head>',
  '<!-- </head> -->',
  '</head',
  '',
];
const FILLERS = ['a', 'é', '日', '😀'];

describe('headEnd', () => {
  it('cuts where the rule over the text cuts, for every end tag at every place', () => {
    let file = 0;
    let compared = 0;
    for (const end of ENDS) {
      for (const filler of FILLERS) {
        // The end tag starting before the edge of the first read, on it, across it, after
        // it; and at the second. Characters of several bytes end right before it.
        for (const at of [0, 100, 8180, 8184, 8186, 8188, 8190, 8191, 8192, 8193, 8200, 16_380]) {
          const bytes = Buffer.byteLength(filler);
          const count = Math.max(0, Math.floor((at - 6) / bytes));
          const head = `<head>${'x'.repeat(Math.max(0, at - 6 - count * bytes))}${filler.repeat(count)}`;
          const path = join(dir, `${file++}.html`);
          writeFileSync(path, `${head}${end}<p>${filler.repeat(3000)}</p>`);
          for (const cap of [512 * 1024, 9000]) {
            expect(
              readPrefixBytes(path, cap, headEnd),
              `${path} ${JSON.stringify(end)} ${cap}`,
            ).toEqual(byText(path, cap));
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(ENDS.length * FILLERS.length * 12 * 2);
  });
});
