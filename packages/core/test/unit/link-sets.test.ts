/**
 * The off-heap hreflang sets against maps of the same sets: what is read back, the order keys
 * are gone through, a key set again, empty sets and languages; and the reciprocity check over
 * them against the check it replaced, written here with maps and sets of strings.
 */
import { describe, expect, it } from 'vitest';
import { LinkRows, LinksByUrl } from '../../src/columns/link-sets.js';
import { StringRows } from '../../src/columns/string-rows.js';
import { reciprocityWarnings } from '../../src/entries/hreflang-reciprocity.js';
import type { LinkItem, PageRecord, SitemapWarning } from '../../src/types.js';

/** A small generator of numbers, so every run draws the same sets. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

const LANGS = ['en', 'de', 'fr-CA', 'x-default', 'ja', 'zh-Hant-TW'];
const url = (n: number) => (n % 9 === 0 ? `https://e.com/日本/${n}/` : `https://e.com/p/${n}/`);

function randomSet(next: () => number, pages: number): LinkItem[] {
  const size = Math.floor(next() * 5);
  return Array.from({ length: size }, () => ({
    lang: LANGS[Math.floor(next() * LANGS.length)] as string,
    url: url(Math.floor(next() * pages)),
  }));
}

describe('LinkRows', () => {
  it('gives back each row its last set, as copies; none for a row without or unset', () => {
    const rows = new LinkRows();
    const map = new Map<number, LinkItem[]>();
    const next = numbers(7);
    for (let i = 0; i < 3000; i++) {
      const row = Math.floor(next() * 1200);
      const set = next() < 0.1 ? undefined : randomSet(next, 500);
      rows.set(row, set);
      if (set === undefined) map.delete(row);
      else map.set(row, set);
    }
    expect(rows.size).toBe(map.size);
    for (let row = 0; row < 1300; row++) {
      expect(rows.get(row)).toEqual(map.get(row));
      expect(rows.has(row)).toBe(map.has(row));
    }
    const first = [...map.keys()][0] as number;
    const copy = rows.get(first) as LinkItem[];
    copy.push({ lang: 'it', url: 'https://e.com/it/' });
    expect(rows.get(first)).toEqual(map.get(first));
  });

  it('keeps an empty set apart from none', () => {
    const rows = new LinkRows();
    rows.set(3, []);
    expect(rows.get(3)).toEqual([]);
    expect(rows.has(3)).toBe(true);
    expect(rows.get(2)).toBeUndefined();
    expect(rows.size).toBe(1);
  });
});

describe('LinksByUrl', () => {
  it('reads as a map of sets by URL, with a language by URL beside it', () => {
    const byUrl = new LinksByUrl();
    const sets = new Map<string, LinkItem[]>();
    const langs = new Map<string, string>();
    const next = numbers(11);
    for (let i = 0; i < 2000; i++) {
      const key = url(Math.floor(next() * 800));
      if (next() < 0.3) {
        const lang = LANGS[Math.floor(next() * LANGS.length)] as string;
        byUrl.setLang(key, lang);
        langs.set(key, lang);
      } else {
        const set = randomSet(next, 800);
        byUrl.set(key, set);
        sets.set(key, set);
      }
    }
    expect(byUrl.size).toBe(sets.size);
    // Set again, a URL keeps its place: the order a map goes through its keys.
    expect([...byUrl.entries()]).toEqual([...sets.entries()]);
    for (let n = 0; n < 900; n++) {
      expect(byUrl.get(url(n))).toEqual(sets.get(url(n)));
      expect(byUrl.has(url(n))).toBe(sets.has(url(n)));
      expect(byUrl.langs.get(url(n))).toBe(langs.get(url(n)));
    }
  });
});

describe('sets sharing one string set of words', () => {
  it('read as sets of their own do, each word written once', () => {
    const words = new StringRows();
    const shared = [new LinksByUrl(words), new LinksByUrl(words)];
    const rows = new LinkRows(words);
    const apart = [new LinksByUrl(), new LinksByUrl()];
    const rowsApart = new LinkRows();
    const named = new Set<string>();
    const name = (set: LinkItem[]) => {
      for (const link of set) named.add(link.lang).add(link.url);
      return set;
    };
    const next = numbers(23);
    for (let i = 0; i < 1500; i++) {
      const which = next() < 0.5 ? 0 : 1;
      const key = url(Math.floor(next() * 400));
      if (next() < 0.25) {
        const lang = LANGS[Math.floor(next() * LANGS.length)] as string;
        named.add(key).add(lang);
        shared[which]?.setLang(key, lang);
        apart[which]?.setLang(key, lang);
      } else if (next() < 0.3) {
        const row = Math.floor(next() * 300);
        const set = name(randomSet(next, 400));
        rows.set(row, set);
        rowsApart.set(row, set);
      } else {
        const set = name(randomSet(next, 400));
        named.add(key);
        shared[which]?.set(key, set);
        apart[which]?.set(key, set);
      }
    }
    for (const which of [0, 1]) {
      const one = shared[which] as LinksByUrl;
      const other = apart[which] as LinksByUrl;
      expect(one.size).toBe(other.size);
      expect([...one.entries()]).toEqual([...other.entries()]);
      for (let n = 0; n < 450; n++) {
        // A URL another set named is no key of this one.
        expect(one.has(url(n))).toBe(other.has(url(n)));
        expect(one.get(url(n))).toEqual(other.get(url(n)));
        expect(one.langs.get(url(n))).toBe(other.langs.get(url(n)));
      }
    }
    for (let row = 0; row < 320; row++) expect(rows.get(row)).toEqual(rowsApart.get(row));
    // Every URL and language named, by any of the sets, once.
    expect(words.size).toBe(named.size);
  });
});

/** The check as it was, over maps and sets of strings: the reference. */
function reciprocityByMaps(records: PageRecord[], warnings: SitemapWarning[]): void {
  const linksOf = new Map<string, Set<string>>();
  for (const r of records)
    if (!r.excluded && r.links) linksOf.set(r.url, new Set(r.links.map((l) => l.url)));
  const targets = new Set<string>();
  for (const links of linksOf.values()) for (const target of links) targets.add(target);
  const included = new Set<string>();
  for (const r of records) if (!r.excluded && targets.has(r.url)) included.add(r.url);
  for (const [page, links] of linksOf)
    for (const target of links) {
      if (target === page || !included.has(target) || linksOf.get(target)?.has(page)) continue;
      warnings.push({ code: 'hreflang-not-reciprocal', message: `${page} ${target}`, url: page });
    }
}

describe('reciprocityWarnings', () => {
  it('says what the check over maps says, pair by pair in its order', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const next = numbers(seed);
      const pages = 60;
      const records: PageRecord[] = [];
      for (let i = 0; i < 90; i++) {
        // Some URLs twice (two files at one URL), some pages out, some without a set.
        const record: PageRecord = {
          file: `${i}.html`,
          url: url(Math.floor(next() * pages)),
          lastmodFrom: 'none',
        };
        if (next() < 0.15) record.excluded = 'noindex';
        if (next() < 0.8) record.links = randomSet(next, pages);
        records.push(record);
      }
      const ours: SitemapWarning[] = [];
      const reference: SitemapWarning[] = [];
      reciprocityWarnings(records, ours);
      reciprocityByMaps(records, reference);
      // Only the first warnings name their pair (the rest are counted): compare those, and
      // the count the last one gives.
      const pairs = ours.filter((w) => w.message.includes(' lists '));
      const expected = reference.slice(0, pairs.length);
      expect(pairs.map((w) => w.url)).toEqual(expected.map((w) => w.url));
      expect(pairs.map((w) => w.message.split(' lists ')[1]?.split(' as ')[0])).toEqual(
        expected.map((w) => w.message.split(' ')[1]),
      );
      expect(reference.length).toBeGreaterThan(0);
      const rest =
        ours.length > pairs.length
          ? Number(/^(\d+) more/.exec(ours.at(-1)?.message ?? '')?.[1])
          : 0;
      expect(pairs.length + rest).toBe(reference.length);
    }
  });
});
