/** VALIDATE.md (folded into the README) stays in step with the rule table in rules.ts. */

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { RULE_IDS, RULES } from '../../src/validate/index.js';

const DOC = new URL('../../VALIDATE.md', import.meta.url);

describe('VALIDATE.md', () => {
  it('lists every rule, with its severity, and no other', async () => {
    const text = await readFile(DOC, 'utf8');
    const rows = [...text.matchAll(/^\| `([a-z0-9-]+)` \| (error|warning) \|/gm)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(rows).toEqual(RULE_IDS.map((id) => [id, RULES[id].severity]));
  });

  it('names every option of the command', async () => {
    const text = await readFile(DOC, 'utf8');
    for (const option of ['--site', '--limits', '--json', '--no-xsd', '--help'])
      expect(text).toContain(option);
  });
});
