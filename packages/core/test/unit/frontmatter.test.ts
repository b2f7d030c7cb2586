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
