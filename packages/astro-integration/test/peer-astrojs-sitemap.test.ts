/**
 * The peer check of `sitemapkit validate`: what @astrojs/sitemap itself writes, from a real
 * `astro build` with i18n, validates clean against the protocol.
 */
import astroSitemap from '@astrojs/sitemap';
import { validateSitemaps } from '@sitemapkit/core';
import { describe, expect, test } from 'vitest';
import { buildFixture } from './support/astro-build.js';

describe('@astrojs/sitemap output, checked by sitemapkit validate', () => {
  test('a real build with i18n alternates has no protocol errors', async () => {
    const built = await buildFixture(
      'i18n',
      {
        site: 'https://example.com',
        integrations: [
          astroSitemap({ i18n: { defaultLocale: 'en', locales: { en: 'en-US', es: 'es-ES' } } }),
        ],
      },
      'peer-astrojs-sitemap',
    );
    expect(await built.xmlFiles()).toEqual(['sitemap-0.xml', 'sitemap-index.xml']);
    const report = await validateSitemaps(built.outDir);
    expect(report.files.map((f) => f.kind)).toEqual(['index', 'urlset']);
    expect(report.urlCount).toBeGreaterThan(3);
    // Clean: @astrojs/sitemap declares the news, image and video namespaces without using them,
    // which the protocol allows; its locs are encoded and its hreflang sets point back.
    expect(report.findings).toEqual([]);
  });
});
