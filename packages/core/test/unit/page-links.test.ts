import { describe, expect, it } from 'vitest';
import { pageLinks } from '../../src/entries/page-links.js';
import { resolveOptions } from '../../src/options/resolve-options.js';
import type { LinkItem } from '../../src/types.js';

const URLS = [
  'https://e.com/',
  'https://e.com/about/',
  'https://e.com/de/about/',
  'https://e.com/fr/about/',
  'https://e.com/blog/a/',
];

/** The URLs as a build gives them: read anew each time they are gone through, counted. */
function readAsNeeded(urls: string[]) {
  const seen = { passes: 0 };
  const iterable: Iterable<string> = {
    *[Symbol.iterator]() {
      seen.passes++;
      yield* urls;
    },
  };
  return { iterable, seen };
}

describe('pageLinks', () => {
  it('never reads the URLs when nothing could give a page alternates', () => {
    const options = resolveOptions({ site: 'https://e.com', outDir: '.' });
    const { iterable, seen } = readAsNeeded(URLS);
    expect(pageLinks(iterable, new Map(), options).size).toBe(0);
    expect(seen.passes).toBe(0);
  });

  it('gives the same sets from URLs read as needed as from a list of them', () => {
    const head = new Map<string, LinkItem[]>([
      ['https://e.com/blog/a/', [{ lang: 'de', url: 'https://e.com/de/blog/a/' }]],
    ]);
    const variants = [
      resolveOptions({ site: 'https://e.com', outDir: '.' }),
      resolveOptions({
        site: 'https://e.com',
        outDir: '.',
        i18n: { defaultLocale: 'en', locales: { en: 'en', de: 'de', fr: 'fr' } },
      }),
      resolveOptions({
        site: 'https://e.com',
        outDir: '.',
        pageAlternates: { '/about': [{ lang: 'en-GB', url: 'https://e.com/fr/about/' }] },
      }),
    ];
    const sizes: number[] = [];
    for (const options of variants) {
      const { iterable, seen } = readAsNeeded(URLS);
      const listed = pageLinks(URLS, head, options);
      // The sets themselves, compared: the store keeps them off the heap, out of `toEqual`'s view.
      expect([...pageLinks(iterable, head, options).entries()]).toEqual([...listed.entries()]);
      expect(seen.passes).toBeGreaterThan(0);
      sizes.push(listed.size);
    }
    // The head's set alone; then the locale sets too; then the named set too.
    expect(sizes).toEqual([1, 4, 2]);
  });
});
