import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  fieldRoles,
  normaliseFieldName,
  readPageMeta,
} from '../../src/dates/frontmatter-fields.js';
import { frontmatterBlock, parseFrontmatter } from '../../src/discover/read-frontmatter.js';

function meta(yaml: string) {
  const parsed = parseFrontmatter(`---\n${yaml}\n---\n`);
  if (!parsed.ok) throw new Error(parsed.message);
  return readPageMeta(parsed.data);
}

describe('frontmatter fields', () => {
  it('sorts dates by role: modified, and published (the floor)', () => {
    const m = meta('pubDate: 2023-12-01\nupdatedDate: 2024-01-05');
    expect(m.modified).toEqual({ value: '2024-01-05', field: 'updatedDate' });
    expect(m.published).toEqual({ value: '2023-12-01', field: 'pubDate' });
    expect(meta('date: 2023-12-01').published).toEqual({ value: '2023-12-01', field: 'date' });
    expect(meta('pubDate: 2023-12-01T10:00:00+01:00').published).toEqual({
      value: '2023-12-01T09:00:00Z',
      field: 'pubDate',
    });
  });
  it('keeps the newest of several fields of one role', () => {
    expect(meta('lastmod: 2024-01-01\nupdated: 2024-03-01\nmodified: 2024-02-01').modified).toEqual(
      { value: '2024-03-01', field: 'updated' },
    );
  });
  // Field name as written -> role: case and naming style do not matter.
  const names: Array<[string, 'modified' | 'published' | undefined]> = [
    ['lastmod', 'modified'],
    ['lastMod', 'modified'],
    ['LastMod', 'modified'],
    ['last_modified_at', 'modified'],
    ['last-modified', 'modified'],
    ['modDatetime', 'modified'],
    ['dateModified', 'modified'],
    ['updated_at', 'modified'],
    ['updatedDate', 'modified'],
    ['lastUpdated', 'modified'],
    ['pubDatetime', 'published'],
    ['publishdate', 'published'],
    ['publishDate', 'published'],
    ['datePublished', 'published'],
    ['published_at', 'published'],
    ['date', 'published'],
    ['pubDate', 'published'],
    ['created', 'published'],
    ['expiryDate', undefined],
    ['title', undefined],
  ];
  for (const [name, role] of names) {
    it(`reads ${name} as ${role ?? 'no date'}`, () => {
      const m = meta(`${name}: 2024-02-03`);
      expect(m.modified?.field ?? m.published?.field).toBe(role && name);
      if (role) expect(m[role]).toEqual({ value: '2024-02-03', field: name });
    });
  }
  it("takes the user's own names, in the role the user gives", () => {
    const roles = fieldRoles({ modified: ['revised_on'], published: ['first-posted', 'lastmod'] });
    const parsed = parseFrontmatter(
      '---\nrevisedOn: 2024-05-01\nfirstPosted: 2024-01-01\nlastmod: 2024-02-01\n---\n',
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const m = readPageMeta(parsed.data, roles);
    expect(m.modified).toEqual({ value: '2024-05-01', field: 'revisedOn' });
    expect(m.published).toEqual({ value: '2024-02-01', field: 'lastmod' });
    expect(normaliseFieldName('Last_Modified-At')).toBe('lastmodifiedat');
  });
  it('keeps impossible unquoted dates as written and rejects them (never March 1st)', () => {
    const m = meta('updatedDate: 2024-02-30\npubDate: 2024-01-01');
    expect(m.modified).toBeUndefined();
    expect(m.published).toEqual({ value: '2024-01-01', field: 'pubDate' });
    expect(m.problems).toEqual([
      { field: 'updatedDate', message: '2024-02-30 is not a real date' },
    ]);
  });
  it('reads sitemap: false and the sitemap block', () => {
    expect(meta('sitemap: false').exclude).toBe(true);
    expect(meta('sitemap:\n  exclude: true').exclude).toBe(true);
    const m = meta(
      'sitemap:\n  lastmod: 2024-05-01\n  changefreq: weekly\n  priority: 0.8\nupdatedDate: 2024-01-01',
    );
    expect(m).toMatchObject({
      exclude: false,
      override: { value: '2024-05-01', field: 'sitemap.lastmod' },
      modified: { value: '2024-01-01', field: 'updatedDate' },
      changefreq: 'weekly',
      priority: 0.8,
    });
  });
  it('reports bad priority and changefreq by field', () => {
    const m = meta('sitemap:\n  priority: 1.5\n  changefreq: sometimes');
    expect(m.priority).toBeUndefined();
    expect(m.changefreq).toBeUndefined();
    expect(m.problems.map((p) => p.field)).toEqual(['sitemap.changefreq', 'sitemap.priority']);
  });
  it("ignores booleans such as Starlight's lastUpdated: true", () => {
    const m = meta('lastUpdated: true\ndate: 2024-01-01');
    expect(m.modified).toBeUndefined();
    expect(m.published?.field).toBe('date');
  });
  it('reads slug', () => expect(meta('slug: hello-world').slug).toBe('hello-world'));
});

describe('TOML and JSON frontmatter', () => {
  it('reads a TOML block (Hugo), its dates as written', () => {
    const parsed = parseFrontmatter(
      '+++\ntitle = "x"\ndate = 2024-01-05\nlastmod = 2024-03-01T10:00:00+02:00\npublishDate = 2024-01-06T08:00:00\n[sitemap]\nchangefreq = "weekly"\n+++\n',
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const m = readPageMeta(parsed.data);
    expect(m.modified).toEqual({ value: '2024-03-01T08:00:00Z', field: 'lastmod' });
    // A local date-time keeps its date only: its zone is not known.
    expect(m.published).toEqual({ value: '2024-01-06', field: 'publishDate' });
    expect(m.changefreq).toBe('weekly');
  });
  it('reports a TOML block that does not parse, with its line in the file', () => {
    const parsed = parseFrontmatter('+++\ntitle = "x"\ndate = \n+++\n');
    expect(parsed).toEqual({
      ok: false,
      message: expect.stringMatching(/^invalid TOML frontmatter: /),
      line: 3,
    });
  });
  it('reads a JSON object that opens the file (Hugo)', () => {
    const block = frontmatterBlock('{\n  "title": "x",\n  "lastmod": "2024-02-02"\n}\nbody');
    expect(block).toBe('{\n  "title": "x",\n  "lastmod": "2024-02-02"\n}\n');
    const parsed = parseFrontmatter(block as string);
    expect(parsed.ok && readPageMeta(parsed.data).modified).toEqual({
      value: '2024-02-02',
      field: 'lastmod',
    });
    expect(parseFrontmatter('{\n  "title": \n}\n')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^invalid JSON frontmatter/),
    });
  });
  it('refuses a list or a scalar as frontmatter', () => {
    for (const block of ['---\n- a\n- b\n---\n', '---\njust text\n---\n']) {
      expect(parseFrontmatter(block)).toEqual({
        ok: false,
        message: 'frontmatter is not a mapping of fields',
        line: 2,
      });
    }
  });
});

describe('frontmatter parsing', () => {
  it('reports invalid YAML with its line in the file', () => {
    const parsed = parseFrontmatter('---\ntitle: ok\ndate: [unclosed\n---\n');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.message).toMatch(/invalid YAML frontmatter/);
      expect(parsed.line).toBeGreaterThanOrEqual(3);
    }
  });
  it('finds the block only at the start', () => {
    expect(frontmatterBlock('---\na: 1\n---\nbody')).toBe('---\na: 1\n---\n');
    expect(frontmatterBlock('\uFEFF---\r\na: 1\r\n---\r\nbody')).toBe(
      '\uFEFF---\r\na: 1\r\n---\r\n',
    );
    expect(frontmatterBlock('# title\n---\na: 1\n---\n')).toBeNull();
    expect(frontmatterBlock('---\na: 1\n')).toBeNull();
  });
});

/**
 * YAML frontmatter is cut from its block as gray-matter cuts it and parsed by js-yaml with the
 * core schema. gray-matter (a test dependency only) is the reference: every block here, edge
 * cases included, reads the same through both, errors and their lines too.
 */
describe('YAML read as gray-matter read it', () => {
  const require = createRequire(import.meta.url);
  const matter = require('gray-matter') as typeof import('gray-matter');
  const yaml = require('js-yaml') as typeof import('js-yaml');
  const options = {
    engines: {
      yaml: (text: string) => (yaml.load(text, { schema: yaml.CORE_SCHEMA }) ?? {}) as object,
    },
  };
  /** What the core made of a block when gray-matter cut it. */
  function throughGrayMatter(block: string) {
    return parseWith(() => matter(block, options).data);
  }
  function parseWith(read: () => unknown) {
    try {
      return { data: read() };
    } catch (error) {
      return {
        reason: (error as { reason?: string }).reason,
        line: (error as { mark?: { line?: number } }).mark?.line,
      };
    }
  }
  const files = [
    '---\ntitle: Hello\ndate: 2024-01-05\n---\nbody',
    '\uFEFF---\ntitle: with a byte order mark\n---\n',
    '---\r\ntitle: CRLF\r\npubDate: 2024-02-30\r\n---\r\nbody',
    '---   \ntitle: spaces after the opener\n---\n',
    '---\n---\nempty',
    '---\n# only a comment\n   # and another\n---\n',
    '---\n\u00a0# a comment after a no-break space\n---\n',
    '---\n# a\n\u3000\n---\n',
    '\uFEFF---\r\n\uFEFF# c\r\n---\r\n',
    '---\n\f\n---\n',
    '---\n# note\r: x\n---\n',
    '---\n\u2028\n---\n',
    '---\ntitle: x\n...\nbody',
    '---\ntitle: x\n--- \nbody',
    '---\nlist:\n  - a\n  - b\nnested:\n  when: 2024-05-01T10:00:00Z\n---\n',
    '---\nsitemap:\n  lastmod: Jul 08 2022\n  priority: 0.8\n---\n',
    '---\ntitle: "unterminated\n---\n',
    '---\na: 1\na: 2\n---\n',
    '---\n- just\n- a list\n---\n',
    '---\nplain words\n---\n',
    '---\ndate: 2024-01-05 10:00:00 +02:00\nflag: yes\nnum: 012\n---\n',
    '---\ntext: |\n  a block\n  ---x inside\n---\n',
  ];
  for (const file of files) {
    it(JSON.stringify(file.slice(0, 40)), () => {
      const block = frontmatterBlock(file);
      expect(block).not.toBeNull();
      const ours = parseFrontmatter(block as string);
      const reference = throughGrayMatter(block as string);
      if ('data' in reference) {
        const data = reference.data;
        if (typeof data !== 'object' || data === null || Array.isArray(data))
          expect(ours).toMatchObject({
            ok: false,
            message: 'frontmatter is not a mapping of fields',
          });
        else expect(ours).toEqual({ ok: true, data });
      } else {
        expect(ours).toEqual({
          ok: false,
          message: `invalid YAML frontmatter: ${reference.reason}`,
          line: (reference.line as number) + 2,
        });
      }
    });
  }
});
