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
});
