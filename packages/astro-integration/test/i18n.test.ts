/**
 * Astro i18n: hreflang alternates between locales (derived from Astro's `i18n` config, or set
 * with the `i18n` option), error pages of every locale left out, fallback pages listed when
 * Astro renders them (`fallbackType: 'rewrite'`) and left out when they are redirects.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import sitemap from '../src/index.js';
import { type Built, buildFixture, expectShards } from './support/astro-build.js';

const E = 'https://example.com';
const links = (pairs: Array<[string, string]>) =>
  pairs.map(([hreflang, href]) => ({ hreflang, href }));

describe("derived from Astro's i18n config, fallback rewrites", () => {
  let built: Built;
  beforeAll(async () => {
    built = await buildFixture(
      'i18n',
      {
        site: E,
        i18n: {
          defaultLocale: 'en',
          locales: ['en', 'es'],
          fallback: { es: 'en' },
          routing: { prefixDefaultLocale: false, fallbackType: 'rewrite' },
        },
        integrations: [sitemap()],
      },
      'i18n-derived',
    );
  });

  test('lists every page of every locale, fallbacks included, with hreflang alternates', async () => {
    const home = links([
      ['en', `${E}/`],
      ['es', `${E}/es/`],
    ]);
    const about = links([
      ['en', `${E}/about/`],
      ['es', `${E}/es/about/`],
    ]);
    const contact = links([
      ['en', `${E}/contact/`],
      ['es', `${E}/es/contact/`],
    ]);
    const [shard = ''] = await expectShards(built);
    expect(await built.entries(shard)).toEqual([
      { loc: `${E}/`, links: home },
      { loc: `${E}/about/`, links: about },
      { loc: `${E}/contact/`, links: contact },
      { loc: `${E}/es/`, links: home },
      { loc: `${E}/es/about/`, links: about },
      { loc: `${E}/es/contact/`, links: contact },
    ]);
    expect(await built.read(shard)).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(await built.xsdProblems()).toEqual({});
  });

  test('leaves out the 404 page of each locale', () => {
    const summary = built.logs.find((e) => e.level === 'info')?.message;
    expect(summary).toMatch(/excluded \(error-page 2\)/);
  });
});

describe('the i18n option, fallback redirects', () => {
  test('sets the hreflang values; redirect fallbacks are left out', async () => {
    const built = await buildFixture(
      'i18n',
      {
        site: E,
        i18n: { defaultLocale: 'en', locales: ['en', 'es'], fallback: { es: 'en' } },
        integrations: [
          sitemap({ i18n: { defaultLocale: 'en', locales: { en: 'en-US', es: 'es-ES' } } }),
        ],
      },
      'i18n-option',
    );
    const [shard = ''] = await expectShards(built);
    expect(await built.entries(shard)).toEqual([
      {
        loc: `${E}/`,
        links: links([
          ['en-US', `${E}/`],
          ['es-ES', `${E}/es/`],
        ]),
      },
      {
        loc: `${E}/about/`,
        links: links([
          ['en-US', `${E}/about/`],
          ['es-ES', `${E}/es/about/`],
        ]),
      },
      { loc: `${E}/contact/`, links: [] },
      {
        loc: `${E}/es/`,
        links: links([
          ['en-US', `${E}/`],
          ['es-ES', `${E}/es/`],
        ]),
      },
      {
        loc: `${E}/es/about/`,
        links: links([
          ['en-US', `${E}/about/`],
          ['es-ES', `${E}/es/about/`],
        ]),
      },
    ]);
    // /es/contact/ is Astro's redirect stub to /contact/.
    expect(built.logs.find((e) => e.level === 'info')?.message).toMatch(
      /excluded \(error-page 2, redirect 1\)/,
    );
    expect(await built.xsdProblems()).toEqual({});
  });
});
