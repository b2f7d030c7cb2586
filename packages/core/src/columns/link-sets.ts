/**
 * hreflang sets kept off the JS heap: each set a run of (language, URL) pairs of numbers, each
 * language and URL a row of one string set, written once however many sets name it.
 *
 * Why: a site's sets are a tenth of its pages or more, and every page of a set names every
 * other. Kept as arrays of `{ lang, url }` in maps by URL, with the languages, they were 3.5 MB
 * of objects at 100,000 pages (35 MB at a million), alive from the head reads to the last file
 * written: all of it outlived V8's young generation, which grew for good (`ARCHITECTURE.md`).
 * Read back, a set is made anew (a few objects that die young).
 *
 * `LinkRows` keeps a set by number (a page's row); `LinksByUrl` by text (a page's URL), and a
 * language by URL beside it, as the head reads give them. Both read like maps: set again, a key
 * takes the new set and keeps its place in the order keys are gone through. Only `LinkRows`
 * unsets a row: a URL once given a set keeps one.
 *
 * The sets of one build share one string set of words (`PageTable.linkWords`): the heads' sets,
 * the sets the entries take and the page table's name the same URLs, and each set of words was
 * a copy of them (six at a million pages, with their hash tables).
 */
import type { LinkItem } from '../types.js';
import { grown } from './native-memory.js';
import { StringRows } from './string-rows.js';

/** hreflang sets by row. */
export class LinkRows {
  /** Every language and URL named, each a row: a word (shared with other sets, when given). */
  readonly words: StringRows;
  /**
   * By row: where its set starts in `#pairs` (its count, then its pairs), + 1; 0 when it has
   * none. The count goes with the pairs, not in a column by row: a table's rows are every page,
   * and a tenth of them have a set (at a million pages, 4 MB less).
   */
  #starts = new Int32Array(64);
  /** Each set's count, then the language word and URL word of each of its links, end to end. */
  #pairs = new Int32Array(256);
  #used = 0;
  #size = 0;

  constructor(words = new StringRows()) {
    this.words = words;
  }

  /** How many rows have a set. */
  get size(): number {
    return this.#size;
  }

  has(row: number): boolean {
    return row < this.#starts.length && this.#starts[row] !== 0;
  }

  /** Gives row `row` the set `links` (a copy; none when undefined). */
  set(row: number, links: readonly LinkItem[] | undefined): void {
    if (links === undefined) {
      if (this.has(row)) {
        this.#starts[row] = 0;
        this.#size--;
      }
      return;
    }
    if (!this.has(row)) this.#size++;
    this.#starts = grown(this.#starts, row + 1);
    this.#pairs = grown(this.#pairs, this.#used + 1 + links.length * 2);
    this.#starts[row] = this.#used + 1;
    this.#pairs[this.#used++] = links.length;
    for (const link of links) {
      this.#pairs[this.#used++] = this.words.add(link.lang);
      this.#pairs[this.#used++] = this.words.add(link.url);
    }
  }

  /** Row `row`'s set, made anew; undefined when it has none. */
  get(row: number): LinkItem[] | undefined {
    const count = this.count(row);
    if (count < 0) return undefined;
    const links: LinkItem[] = new Array(count);
    for (let i = 0; i < count; i++)
      links[i] = {
        lang: this.words.get(this.langWord(row, i)),
        url: this.words.get(this.urlWord(row, i)),
      };
    return links;
  }

  /** How many links row `row`'s set has; -1 when it has none. */
  count(row: number): number {
    return this.has(row) ? (this.#pairs[(this.#starts[row] as number) - 1] as number) : -1;
  }

  /** The word of link `i`'s language in row `row`'s set. */
  langWord(row: number, i: number): number {
    return this.#pairs[(this.#starts[row] as number) + i * 2] as number;
  }

  /** The word of link `i`'s URL in row `row`'s set. */
  urlWord(row: number, i: number): number {
    return this.#pairs[(this.#starts[row] as number) + 1 + i * 2] as number;
  }
}

/** hreflang sets, and languages, by URL. */
export class LinksByUrl {
  /**
   * The URLs given a set or a language, each a row: the words of the sets themselves, so a key
   * is the row of its URL's word.
   */
  readonly #keys: StringRows;
  readonly #links: LinkRows;
  /** By key row: its language's word in `#links.words`, + 1; 0 when it has none. */
  #langs = new Int32Array(64);
  /** The key rows with a set, in the order each was first given one (a map's order). */
  #order = new Int32Array(64);

  /** `words`: the string set of words to share (`PageTable.linkWords`); one of its own if none. */
  constructor(words = new StringRows()) {
    this.#keys = words;
    this.#links = new LinkRows(words);
  }

  /** How many URLs have a set. */
  get size(): number {
    return this.#links.size;
  }

  set(url: string, links: readonly LinkItem[]): void {
    const key = this.#keys.add(url);
    if (!this.#links.has(key)) {
      this.#order = grown(this.#order, this.#links.size + 1);
      this.#order[this.#links.size] = key;
    }
    this.#links.set(key, links);
  }

  get(url: string): LinkItem[] | undefined {
    const key = this.#keys.find(url);
    return key === -1 ? undefined : this.#links.get(key);
  }

  has(url: string): boolean {
    const key = this.#keys.find(url);
    return key !== -1 && this.#links.has(key);
  }

  setLang(url: string, lang: string): void {
    const key = this.#keys.add(url);
    this.#langs = grown(this.#langs, key + 1);
    this.#langs[key] = this.#links.words.add(lang) + 1;
  }

  /** The language given for `url`, if any. */
  lang(url: string): string | undefined {
    const key = this.#keys.find(url);
    const word = key === -1 ? 0 : (this.#langs[key] ?? 0);
    return word === 0 ? undefined : this.#links.words.get(word - 1);
  }

  /** The languages by URL, read as a map is. */
  get langs(): { get(url: string): string | undefined } {
    return { get: (url) => this.lang(url) };
  }

  /** The URLs with a set and their sets, in the order the URLs were first given one. */
  *entries(): IterableIterator<[string, LinkItem[]]> {
    for (let i = 0; i < this.#links.size; i++) {
      const key = this.#order[i] as number;
      yield [this.#keys.get(key), this.#links.get(key) as LinkItem[]];
    }
  }
}
