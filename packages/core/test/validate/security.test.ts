/**
 * Security cases: nothing outside the target folder is ever read, whatever an index, robots.txt,
 * a symlink or a DOCTYPE asks for; entity tricks end as findings, not as expansions.
 */

import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateSitemaps } from '../../src/validate/index.js';
import { makeTree } from '../helpers/fixture.js';

const NOW = new Date('2025-01-01T00:00:00Z');
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const SECRET = `${XML}<urlset ${NS}><url><loc>https://example.com/SECRET</loc></url></urlset>\n`;

function index(...locs: string[]): string {
  return `${XML}<sitemapindex ${NS}>\n${locs.map((l) => `  <sitemap><loc>${l}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;
}

async function outsideAndSite(site: Record<string, string>): Promise<string> {
  const root = await makeTree({
    'outside.xml': SECRET,
    'outside.txt': 'SECRET',
    ...Object.fromEntries(Object.entries(site).map(([path, text]) => [`site/${path}`, text])),
  });
  return join(root, 'site');
}

describe('the folder is a boundary', () => {
  it('follows no listed sitemap out of the folder', async () => {
    const site = await outsideAndSite({
      'sitemap-index.xml': index(
        'https://example.com/sitemap-0.xml',
        '../outside.xml',
        'https://example.com/..%2Foutside.xml',
        'https://example.com/%2e%2e/outside.xml',
        'https://example.com/link.xml',
        'file:///outside.xml',
      ),
      'sitemap-0.xml': `${XML}<urlset ${NS}><url><loc>https://example.com/</loc></url></urlset>\n`,
    });
    await symlink('../outside.xml', join(site, 'link.xml'));
    const report = await validateSitemaps(site, { now: NOW });
    expect(report.files.map((f) => f.path)).toEqual(['sitemap-index.xml', 'sitemap-0.xml']);
    expect(JSON.stringify(report)).not.toContain('SECRET');
    expect(report.findings.map((f) => [f.rule, f.url])).toEqual([
      ['sitemap-not-followed', '../outside.xml'],
      ['url-absolute', '../outside.xml'],
      ['sitemap-not-followed', 'https://example.com/..%2Foutside.xml'],
      ['sitemap-missing', 'https://example.com/%2e%2e/outside.xml'],
      ['sitemap-missing', 'https://example.com/link.xml'],
      ['url-absolute', 'file:///outside.xml'],
    ]);
  });

  it('follows no robots.txt line out of the folder', async () => {
    const site = await outsideAndSite({
      'robots.txt':
        'Sitemap: https://example.com/../outside.xml\nSitemap: https://example.com/%2E%2E/outside.xml\n',
    });
    const report = await validateSitemaps(site, { now: NOW });
    expect(report.files).toEqual([]);
    expect(JSON.stringify(report)).not.toContain('SECRET');
    expect(report.findings.map((f) => f.rule)).toEqual(['sitemap-missing', 'sitemap-missing']);
  });

  it('sniffs no symlink out of the folder, and still one inside it', async () => {
    const site = await outsideAndSite({
      'real.xml': `${XML}<urlset ${NS}><url><loc>https://example.com/</loc></url></urlset>\n`,
    });
    await symlink('../outside.xml', join(site, 'link.xml'));
    await symlink('real.xml', join(site, 'inside.xml'));
    const report = await validateSitemaps(site, { now: NOW });
    expect(report.files.map((f) => f.path)).toEqual(['inside.xml', 'real.xml']);
    expect(JSON.stringify(report)).not.toContain('SECRET');
  });

  it('reads no robots.txt that is a symlink out of the folder', async () => {
    const site = await outsideAndSite({ 'index.html': '<html></html>' });
    await symlink('../outside.txt', join(site, 'robots.txt'));
    const report = await validateSitemaps(site, { now: NOW });
    expect(JSON.stringify(report)).not.toContain('SECRET');
    expect(report.findings.map((f) => [f.rule, f.file, f.message])).toEqual([
      ['file-unreadable', 'robots.txt', 'cannot be read: a symlink out of the folder: not opened'],
      ['no-sitemap', '.', expect.stringMatching(/^no sitemap found/)],
    ]);
  });

  it('takes no sitemap-index.xml or sitemap.xml that is a symlink out of the folder', async () => {
    const site = await outsideAndSite({
      'real.xml': `${XML}<urlset ${NS}><url><loc>https://example.com/</loc></url></urlset>\n`,
    });
    await symlink('../outside.xml', join(site, 'sitemap-index.xml'));
    await symlink('../outside.xml', join(site, 'sitemap.xml'));
    const report = await validateSitemaps(site, { now: NOW });
    expect(JSON.stringify(report)).not.toContain('SECRET');
    expect(report.files.map((f) => f.path)).toEqual(['real.xml']);
    expect(report.findings.map((f) => [f.rule, f.file])).toEqual([
      ['file-unreadable', 'sitemap-index.xml'],
      ['file-unreadable', 'sitemap.xml'],
    ]);
  });

  it('expands no external entity and no entity bomb', async () => {
    const lol = Array.from(
      { length: 10 },
      (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`,
    ).join('');
    const site = await outsideAndSite({
      'xxe.xml': `${XML}<!DOCTYPE urlset [<!ENTITY xxe SYSTEM "../outside.txt">]>\n<urlset ${NS}><url><loc>https://example.com/&xxe;</loc></url></urlset>\n`,
      'bomb.xml': `${XML}<!DOCTYPE urlset [<!ENTITY l0 "lol">${lol}]>\n<urlset ${NS}><url><loc>https://example.com/&l10;</loc></url></urlset>\n`,
    });
    for (const file of ['xxe.xml', 'bomb.xml']) {
      const report = await validateSitemaps(join(site, file), { now: NOW });
      expect(JSON.stringify(report)).not.toContain('SECRET');
      expect(report.findings.map((f) => f.rule)).toEqual(['xml-well-formed']);
      expect(report.findings[0]?.message).toMatch(/entity/);
    }
  });
});
