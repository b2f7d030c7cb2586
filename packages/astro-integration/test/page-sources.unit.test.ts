/** Which entry a dynamic page renders, from routes and entries alone (shapes seen on Starlight). */
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { type ContentEntry, pageSourcesOf, type Route } from '../src/page-sources.js';

const ROOT = '/site';
const OUT = '/site/dist';

/** Starlight's injected `/[...slug]` route. */
const starlight: Route = {
  pattern: '/[...slug]',
  patternRegex: /^(?:\/(.*?))?\/?$/,
  params: ['...slug'],
  type: 'page',
  origin: 'external',
  entrypoint: 'node_modules/@astrojs/starlight/routes/static/index.astro',
  generate: () => '',
};

const entries: ContentEntry[] = [
  { collection: 'docs', id: 'index', filePath: 'src/content/docs/index.mdx' },
  { collection: 'docs', id: 'de', filePath: 'src/content/docs/de/index.mdx' },
  { collection: 'i18n', id: 'de', filePath: 'src/content/i18n/de.json' },
  { collection: 'docs', id: 'guides/x', filePath: 'src/content/docs/guides/x.mdx' },
  { collection: 'docs', id: 'de/guides/y', filePath: 'src/content/docs/de/guides/y.mdx' },
  { collection: 'docs', id: '100%-free', filePath: 'src/content/docs/100%-free.md' },
];

const files = (...paths: string[]) => paths.map((p) => pathToFileURL(`${OUT}/${p}`));

describe('pageSourcesOf', () => {
  test('the root of a [...slug] route is the index entry; a page entry wins over a data file; a fallback locale renders the default', () => {
    const sources = pageSourcesOf({
      root: ROOT,
      outDir: OUT,
      routes: [starlight],
      assets: new Map([
        [
          '/[...slug]',
          files(
            'index.html',
            'de/index.html',
            'guides/x/index.html',
            'de/guides/x/index.html',
            '100%-free/index.html',
          ),
        ],
      ]),
      entries,
      localePaths: [],
    });
    expect(sources).toEqual({
      '/': '/site/src/content/docs/index.mdx',
      '/de': '/site/src/content/docs/de/index.mdx',
      '/guides/x': '/site/src/content/docs/guides/x.mdx',
      // `de` is a language folder of the entry ids: the German page falls back to the English one.
      '/de/guides/x': '/site/src/content/docs/guides/x.mdx',
      // A `%` in a file name is the name's own: no decoding, no failure.
      '/100%-free': '/site/src/content/docs/100%-free.md',
    });
  });
});
