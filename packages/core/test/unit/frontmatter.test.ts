import { describe, expect, it } from 'vitest';
import { frontmatterBlock, parseFrontmatter } from '../../src/discover/read-frontmatter.js';
import { readPageMeta } from '../../src/lastmod/frontmatter-fields.js';

function meta(yaml: string) {
  const parsed = parseFrontmatter(`---\n${yaml}\n---\n`);
  if (!parsed.ok) throw new Error(parsed.message);
  return readPageMeta(parsed.data);
}

describe('frontmatter fields', () => {
  it('prefers "changed" fields over "published" ones', () => {
    expect(meta('pubDate: 2023-12-01\nupdatedDate: 2024-01-05').lastmod).toEqual({
      value: '2024-01-05',
      field: 'updatedDate',
    });
    expect(meta('date: 2023-12-01').lastmod).toEqual({ value: '2023-12-01', field: 'date' });
    expect(meta('pubDate: 2023-12-01T10:00:00+01:00').lastmod).toEqual({
      value: '2023-12-01T09:00:00Z',
      field: 'pubDate',
    });
  });
  it('keeps impossible unquoted dates as written and rejects them (never March 1st)', () => {
    const m = meta('updatedDate: 2024-02-30\npubDate: 2024-01-01');
    expect(m.lastmod).toEqual({ value: '2024-01-01', field: 'pubDate' });
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
      lastmod: { value: '2024-05-01', field: 'sitemap.lastmod' },
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
    expect(meta('lastUpdated: true\ndate: 2024-01-01').lastmod?.field).toBe('date');
  });
  it('reads slug', () => expect(meta('slug: hello-world').slug).toBe('hello-world'));
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
