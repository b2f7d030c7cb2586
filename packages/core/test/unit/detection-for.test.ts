/**
 * What of a detected site a build uses (generators/detect.ts `detectionFor`): the folder asked
 * for decides whether it is that site at all, and what is said of the config's site URL depends
 * on whether `--site` replaces it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectionFor, keepInsideProject } from '../../src/generators/detect.js';
import type { DetectedSite } from '../../src/generators/types.js';

const ROOT = join('/', 'projects', 'site');

const hugo = (extra: Partial<DetectedSite> = {}): DetectedSite => ({
  generator: 'hugo',
  name: 'Hugo',
  configFile: 'hugo.toml',
  outDir: 'public',
  contentDirs: ['content'],
  site: 'https://blog.example.dev/',
  pageSources: {},
  languages: 1,
  warnings: [],
  ...extra,
});

describe('detectionFor', () => {
  it('uses the site, with its one line, when no folder or the folder it writes is given', () => {
    for (const outDir of [undefined, join(ROOT, 'public'), join(ROOT, 'public/')]) {
      const { detected, notes } = detectionFor(hugo(), { ...(outDir ? { outDir } : {}) }, ROOT);
      expect(detected?.generator).toBe('hugo');
      expect(notes).toEqual(['Hugo site, content/ -> public/']);
    }
  });

  it('reads a relative folder from the project folder, as the build does', () => {
    expect(detectionFor(hugo(), { outDir: 'public' }, ROOT).detected?.generator).toBe('hugo');
    expect(detectionFor(hugo(), { outDir: 'dist' }, ROOT).detected).toBeUndefined();
  });

  it('warns that page sources outside the project are not read, and leaves them out', () => {
    const site = hugo({ pageSources: { '/a': 'content/a.md', '/b': '../shared/b.md' } });
    const kept = keepInsideProject(site, ROOT);
    expect(kept.pageSources).toEqual({ '/a': 'content/a.md' });
    expect(detectionFor(kept, { site: 'https://real.dev' }, ROOT).detected?.warnings).toEqual([
      '1 page sources are outside the project folder (../shared/b.md), so they are not read and their pages are dated without them; run from the folder that holds them (`root`)',
    ]);
  });

  it('does not use it for another folder, and says so', () => {
    const { detected, notes } = detectionFor(hugo(), { outDir: join(ROOT, 'dist') }, ROOT);
    expect(detected).toBeUndefined();
    expect(notes).toEqual([
      `Hugo site found (hugo.toml), not used: it writes public/, not ${join(ROOT, 'dist')}/`,
    ]);
  });

  it("warns of a placeholder or local site URL, and of the config's own site problem, unless --site replaces it", () => {
    const cases: Array<[string, boolean]> = [
      ['https://example.org/', true],
      ['https://www.example.com/docs/', true],
      ['http://localhost:1313/', true],
      ['http://127.0.0.1:8080/', true],
      ['https://example.dev/', false],
      ['https://myexample.com/', false],
    ];
    for (const [site, placeholder] of cases) {
      const { detected } = detectionFor(hugo({ site }), {}, ROOT);
      expect(detected?.warnings.length, site).toBe(placeholder ? 1 : 0);
      if (placeholder)
        expect(detected?.warnings[0]).toBe(
          `hugo.toml gives the site URL ${site}, which is no deployed site's (a placeholder, or this machine): every URL is listed on it; give the deployed URL with \`site\` (or set it in hugo.toml)`,
        );
      const given = detectionFor(hugo({ site }), { site: 'https://real.dev' }, ROOT);
      expect(given.detected?.warnings).toEqual([]);
    }
    const noSite = hugo({ site: undefined, siteWarning: 'metadata.url is a local address' });
    expect(detectionFor(noSite, {}, ROOT).detected?.warnings).toEqual([
      'metadata.url is a local address',
    ]);
    expect(detectionFor(noSite, { site: 'https://real.dev' }, ROOT).detected?.warnings).toEqual([]);
  });
});
