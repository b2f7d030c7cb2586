/**
 * The pages of a build, kept off the JS heap: their files, URLs and sources as UTF-8 bytes in
 * string columns, their lastmods as numbers (`lastmod-column.ts`), what they say in few words
 * (why a page is out, where its date came from, its changefreq and priority, the sitemap it
 * landed in) as one-byte codes, why a page is out in detail as text, their hreflang alternates
 * as sets of numbers (`link-sets.ts`), and what few pages have (images, the dates weighed) by
 * row.
 *
 * The stages see a page through a `PageView`: an object of one field, its row, whose
 * `PageRecord` fields read and write the columns. A million pages cost a million small objects
 * and their bytes, not a million records of five or six strings each (every string with its
 * header, and V8's young generation sized by how many survive).
 *
 * String columns are appended to and never changed: a field set again (a URL its canonical
 * link renames) points its row at the new bytes.
 * `order` sorts pages by URL over the bytes, without reading them back as strings.
 */
import type {
  ChangeFreq,
  ExclusionReason,
  ImageItem,
  LastmodProvenance,
  LinkItem,
  PageRecord,
} from '../types.js';
import { naturalCompare, naturalCompareBytes } from '../url/natural-compare.js';
import type { ByteScratch } from './byte-scratch.js';
import { LastmodColumn } from './lastmod-column.js';
import { LinkRows } from './link-sets.js';
import { grown, nativeArray } from './native-memory.js';
import { PageList } from './page-list.js';
import { sortRows } from './sort-rows.js';
import { StringColumn } from './string-column.js';
import { StringRows } from './string-rows.js';

/** A field with no value. */
const NONE = -1;
/** A page with no linked source. */
const NO_LINK = -1;

/**
 * The distinct values of a field, each by a small number (`0`: none): the reasons, provenances,
 * changefreqs, priorities and file names pages share.
 */
class Codes<T> {
  readonly #values: T[] = [];
  readonly #codes = new Map<T, number>();

  code(value: T | undefined): number {
    if (value === undefined) return 0;
    let code = this.#codes.get(value);
    if (code === undefined) {
      this.#values.push(value);
      code = this.#values.length;
      this.#codes.set(value, code);
    }
    return code;
  }

  value(code: number): T | undefined {
    return code === 0 ? undefined : this.#values[code - 1];
  }
}

/**
 * A string field: its column, and each row's place in it. A field made `direct` keeps no place
 * while every row is the same row of the column (a file and a URL per page, added in order);
 * the first value set out of that order gives it places. Values that start with the field's
 * `prefix` (the site's base URL, which every URL has) are kept without it.
 */
class StringField {
  readonly column: StringColumn;
  readonly #prefix: string;
  /**
   * Row -> its column row << 1, | 1 when kept without the prefix; `NONE` when unset, as is every
   * row past its end (a field most pages leave unset costs them nothing).
   */
  #places: Int32Array | null;

  constructor({
    prefix = '',
    direct = false,
    shared = false,
  }: { prefix?: string; direct?: boolean; shared?: boolean } = {}) {
    // A prefix ending in a digit could join a digit run of the rest: natural order would differ.
    this.#prefix = /[0-9]$/.test(prefix) ? '' : prefix;
    this.#places = direct ? null : nativeArray(Int32Array, 256, shared).fill(NONE);
    this.column = new StringColumn({ shared });
  }

  /** Whether row r of the column is still every row r's value, kept without `prefix`. */
  get direct(): boolean {
    return this.#places === null;
  }

  /** Row `row`'s place: its column row << 1, | 1 when kept without the prefix; `NONE` when unset. */
  place(row: number): number {
    return this.#places === null ? row << 1 : (this.#places[row] ?? NONE);
  }

  /**
   * Every row's place as they are kept, when in shared memory (a field made `shared` that keeps
   * places): a helper thread reads them as they are. Rows past its end are unset.
   */
  get sharedPlaces(): Int32Array | null {
    const places = this.#places;
    return places !== null && places.buffer instanceof SharedArrayBuffer ? places : null;
  }

  /** What values are kept without, when they start with it. */
  get prefix(): string {
    return this.#prefix;
  }

  #prefixBytes: Buffer | null = null;

  /** Writes row `row`'s value into `into` as UTF-8, no string made; false when it is unset. */
  writeBytes(row: number, into: ByteScratch): boolean {
    const places = this.#places;
    const place = places === null ? (row << 1) | 1 : (places[row] ?? NONE);
    if (place === NONE) return false;
    this.#prefixBytes ??= Buffer.from(this.#prefix);
    const prefix = place & 1 ? this.#prefixBytes : null;
    const at = prefix === null ? 0 : prefix.length;
    into.room(at + this.column.byteLength(place >> 1));
    prefix?.copy(into.bytes, 0);
    into.length = at + this.column.copyRow(place >> 1, into.bytes, at);
    return true;
  }

  get(row: number): string | undefined {
    // A stage reads a page's value more than once as it passes it (a URL: its filter, its
    // source's key, its entry): the last row read is kept, not decoded again.
    if (row === this.#lastRow) return this.#last;
    const places = this.#places;
    let value: string | undefined;
    if (places === null) value = this.#prefix + this.column.get(row);
    else {
      const place = places[row] ?? NONE;
      if (place === NONE) value = undefined;
      else {
        const kept = this.column.get(place >> 1);
        value = place & 1 ? this.#prefix + kept : kept;
      }
    }
    this.#lastRow = row;
    this.#last = value;
    return value;
  }

  /** The last row `get` read (NaN: none), and its value. */
  #lastRow = Number.NaN;
  #last: string | undefined;

  set(row: number, value: string | null | undefined): void {
    this.#lastRow = Number.NaN;
    this.#last = undefined;
    const cut = value != null && this.#prefix !== '' && value.startsWith(this.#prefix);
    if (this.#places === null) {
      if (value != null && row === this.column.size && (cut || this.#prefix === '')) {
        this.column.push(cut ? value.slice(this.#prefix.length) : value);
        return;
      }
      this.#placeEveryRow();
    }
    let places = this.#places as Int32Array;
    if (value == null) {
      if (row < places.length) places[row] = NONE;
      return;
    }
    if (row >= places.length) {
      const length = places.length;
      places = grown(places, row + 1);
      places.fill(NONE, length);
      this.#places = places;
    }
    const at = this.column.push(cut ? value.slice(this.#prefix.length) : value);
    places[row] = (at << 1) | (cut ? 1 : 0);
  }

  /** Leaves direct mode: every row so far is its own column row. */
  #placeEveryRow(): void {
    const size = this.column.size;
    const places = nativeArray(Int32Array, Math.max(256, size * 2)).fill(NONE);
    const flag = this.#prefix === '' ? 0 : 1;
    for (let row = 0; row < size; row++) places[row] = (row << 1) | flag;
    this.#places = places;
  }

  /** Whether row `row` has a value. */
  has(row: number): boolean {
    return this.#places === null || (this.#places[row] ?? NONE) !== NONE;
  }

  /**
   * Natural order of two rows' values (both set), over their bytes when both are kept alike:
   * with the same prefix cut, or none, the rest orders them.
   */
  compare(a: number, b: number): number {
    const places = this.#places;
    if (places === null) return this.column.compareRows(a, b, naturalCompareBytes);
    const pa = places[a] as number;
    const pb = places[b] as number;
    if ((pa & 1) === (pb & 1))
      return this.column.compareRows(pa >> 1, pb >> 1, naturalCompareBytes);
    return naturalCompare(this.get(a) as string, this.get(b) as string);
  }
}

/**
 * What a page's file is, told by its URL as added: the URL (without the base) and one of these.
 * Code 0: the file is kept as it is, or there is none.
 */
const FILE_ENDINGS = ['', 'index.html', '.html', ''] as const;
const FILE_ENDING_BYTES = FILE_ENDINGS.map((ending) => Buffer.from(ending));

/**
 * The pages' files. Most are their URL's path and an ending (`blog/post/` and `index.html`):
 * such a file is a code of one byte, read from the URL column's row of the page as it was added
 * (columns are never changed). Only the others are kept as they are: a path with a character a
 * URL encodes, a file another URL names.
 */
class FileField {
  /** The files kept as they are. */
  readonly kept = new StringField({ shared: true });
  /**
   * Per row: 0, or the `FILE_ENDINGS` code of a file told by the URL column's row. In shared
   * memory, so a head job reads them as they are (`columns`).
   */
  codes = nativeArray(Uint8Array, 256, true);
  readonly #url: StringField;

  constructor(url: StringField) {
    this.#url = url;
  }

  get(row: number): string | null {
    const code = this.codes[row] as number;
    if (code === 0) return this.kept.get(row) ?? null;
    return this.#url.column.get(row) + FILE_ENDINGS[code];
  }

  /**
   * Sets row `row`'s file; `urlRest`: the page's URL without the base, when the URL column's row
   * `row` holds it (the file may then be told by it).
   */
  set(row: number, value: string | null, urlRest?: string): void {
    this.codes = grown(this.codes, row + 1);
    const code = value !== null && urlRest !== undefined ? fileEnding(value, urlRest) : 0;
    this.codes[row] = code;
    this.kept.set(row, code === 0 ? value : null);
  }

  has(row: number): boolean {
    return this.codes[row] !== 0 || this.kept.has(row);
  }

  /** Writes row `row`'s file into `into` as UTF-8, no string made; false when it has none. */
  writeBytes(row: number, into: ByteScratch): boolean {
    const code = this.codes[row] as number;
    if (code === 0) return this.kept.writeBytes(row, into);
    const column = this.#url.column;
    const ending = FILE_ENDING_BYTES[code] as Buffer;
    into.room(column.byteLength(row) + ending.length);
    const length = column.copyRow(row, into.bytes, 0);
    into.length = length + ending.copy(into.bytes, length);
    return true;
  }

  /** Natural order of two rows' files (both set). */
  compare(a: number, b: number): number {
    if (this.codes[a] === 0 && this.codes[b] === 0) return this.kept.compare(a, b);
    return naturalCompare(this.get(a) as string, this.get(b) as string);
  }

  /**
   * The files of the first `size` rows as a helper thread reads them with the URL column
   * (`fileOf`): the kept files' column, their places and the codes themselves, all in shared
   * memory (at a million pages, copies of the codes and places were 5 MB more while the heads
   * were read).
   */
  columns(size: number): PageFiles {
    const codes = this.codes.subarray(0, size);
    const kept = this.kept.sharedPlaces;
    if (kept !== null) return { kept: this.kept.column, codes, places: kept };
    const places = nativeArray(Int32Array, size, true);
    for (let row = 0; row < size; row++)
      places[row] = this.codes[row] === 0 ? this.kept.place(row) : NONE;
    return { kept: this.kept.column, codes, places };
  }
}

/** The `FILE_ENDINGS` code of `file` for a page at URL path `urlRest`, or 0. */
function fileEnding(file: string, urlRest: string): number {
  if (urlRest.includes('%') || !file.startsWith(urlRest)) return 0;
  const ending = file.slice(urlRest.length);
  for (let code = 1; code < FILE_ENDINGS.length; code++)
    if (ending === FILE_ENDINGS[code]) return code;
  return 0;
}

/** Pages' files as `FileField` keeps them, for a helper thread: see `fileOf`. */
export interface PageFiles {
  /** The files kept as they are. */
  kept: StringColumn;
  /** Per row: 0, or the code of the ending its URL's row takes. */
  codes: Uint8Array;
  /** Per row, its place in `kept` (column row << 1), or -1; read only for rows of code 0. */
  places: Int32Array;
}

/** Page `row`'s file, from its `PageFiles` and the URL column they were made with. */
export function fileOf(files: PageFiles, urls: StringColumn, row: number): string {
  const code = files.codes[row] as number;
  if (code !== 0) return urls.get(row) + FILE_ENDINGS[code];
  return files.kept.get((files.places[row] as number) >> 1);
}

/**
 * A coded field: one byte a row, two or four once there are more distinct values than a byte
 * (or two) can number (a sitemap name per page when each holds one URL).
 */
class CodeField<T> {
  readonly codes = new Codes<T>();
  values: Uint8Array | Uint16Array | Uint32Array = new Uint8Array(256);

  get(row: number): T | undefined {
    return this.codes.value(this.values[row] as number);
  }

  set(row: number, value: T | undefined): void {
    const code = this.codes.code(value);
    const limit =
      this.values instanceof Uint8Array ? 0xff : this.values instanceof Uint16Array ? 0xffff : -1;
    if (limit !== -1 && code > limit) {
      const wider =
        limit === 0xff ? new Uint16Array(this.values.length) : new Uint32Array(this.values.length);
      wider.set(this.values);
      this.values = wider;
    }
    this.values = grown(this.values, row + 1);
    this.values[row] = code;
  }
}

/**
 * Pages' files and URLs as columns: page i is row `rows[i]` of each; a URL is `urlPrefix` + its
 * row; a file is kept as it is, or told by the URL's row (`fileOf`).
 */
export interface PageColumns {
  files: PageFiles;
  urls: StringColumn;
  urlPrefix: string;
  rows: Uint32Array;
}

/** Where a page's linked source's path is read: the sources' table, by its row. */
export interface SourcePaths {
  rel(row: number): string;
}

/** A page of a `PageTable`: its `PageRecord` fields read and write the table. */
export interface PageView extends PageRecord {
  readonly row: number;
  readonly table: PageTable;
  /**
   * The lastmod as the column keeps it (`lastmod-column.ts`): its code, NaN when it has none or
   * is kept as text. A stage that compares dates reads it without making the text.
   */
  readonly lastmodCode: number;
  /**
   * Sets the lastmod to the one of `code` (`lastmod-column.ts`), as setting `lastmod` to its
   * text does.
   */
  setLastmodCode(code: number): void;
  /** Whether the page has a file, read without making its path. */
  readonly hasFile: boolean;
  /** Whether the page has hreflang alternates or images, read without making them. */
  readonly hasExtensions: boolean;
  /** Writes the page's URL into `into` as UTF-8, without making it a string. */
  writeUrl(into: ByteScratch): void;
  /** Writes the page's file into `into` as UTF-8, without making it a string; false when it has none. */
  writeFile(into: ByteScratch): boolean;
}

export class PageTable {
  #size = 0;
  readonly #file: FileField;
  readonly #url: StringField;
  readonly #source = new StringField();
  readonly #lastmod = new LastmodColumn();
  readonly #from = new CodeField<LastmodProvenance>();
  readonly #excluded = new CodeField<ExclusionReason>();
  readonly #changefreq = new CodeField<ChangeFreq>();
  readonly #priority = new CodeField<number>();
  readonly #sitemap = new CodeField<string>();
  /** Why a page is out, in detail (the URL a canonical link names): one in twenty pages or so. */
  readonly #detail = new StringField();
  /**
   * The words (languages, URLs) of every hreflang set of the build, shared by its sets
   * (`link-sets.ts`): the heads', the entries' and this table's.
   */
  readonly linkWords = new StringRows();
  readonly #links = new LinkRows(this.linkWords);
  readonly #images = new Map<number, ImageItem[]>();
  readonly #candidates = new Map<number, NonNullable<PageRecord['candidates']>>();
  /** Each page's row in `#linked` (the sources), or `NO_LINK`. */
  #sourceRows: Int32Array = new Int32Array(256);
  #linked: SourcePaths | null = null;
  readonly #View: new (
    row: number,
  ) => PageView;

  /** `baseUrl`: what every URL of the site starts with, kept once rather than in each. */
  constructor(baseUrl = '') {
    // In shared memory, so a helper thread reads the pages' URLs (and files) without a copy.
    this.#url = new StringField({ prefix: baseUrl, direct: true, shared: true });
    this.#file = new FileField(this.#url);
    // One class per table, so a view holds its row and nothing else: the table is the class's.
    const table = this;
    const file = this.#file;
    const url = this.#url;
    const source = this.#source;
    const linked = () => this.#linked as SourcePaths;
    const sourceRows = () => this.#sourceRows;
    const lastmod = this.#lastmod;
    const from = this.#from;
    const excluded = this.#excluded;
    const changefreq = this.#changefreq;
    const priority = this.#priority;
    const sitemap = this.#sitemap;
    const byRow = <T>(map: Map<number, T>, row: number, value: T | undefined) => {
      if (value === undefined) map.delete(row);
      else map.set(row, value);
    };
    const detail = this.#detail;
    const links = this.#links;
    const images = this.#images;
    const candidates = this.#candidates;
    this.#View = class implements PageView {
      constructor(readonly row: number) {}
      get table() {
        return table;
      }
      get file() {
        return file.get(this.row);
      }
      set file(value: string | null) {
        file.set(this.row, value);
      }
      get url() {
        return url.get(this.row) as string;
      }
      set url(value: string) {
        url.set(this.row, value);
      }
      get source() {
        const at = sourceRows()[this.row] as number;
        return at === NO_LINK ? source.get(this.row) : linked().rel(at);
      }
      set source(value: string | undefined) {
        sourceRows()[this.row] = NO_LINK;
        source.set(this.row, value);
      }
      get lastmod() {
        return lastmod.get(this.row);
      }
      get lastmodCode() {
        return lastmod.code(this.row);
      }
      setLastmodCode(code: number) {
        lastmod.setCode(this.row, code);
      }
      get hasFile() {
        return file.has(this.row);
      }
      get hasExtensions() {
        return links.has(this.row) || images.has(this.row);
      }
      writeUrl(into: ByteScratch) {
        url.writeBytes(this.row, into);
      }
      writeFile(into: ByteScratch) {
        return file.writeBytes(this.row, into);
      }
      set lastmod(value: string | undefined) {
        lastmod.set(this.row, value);
      }
      get lastmodFrom() {
        return from.get(this.row) ?? 'none';
      }
      set lastmodFrom(value: LastmodProvenance) {
        from.set(this.row, value);
      }
      get excluded() {
        return excluded.get(this.row);
      }
      set excluded(value: ExclusionReason | undefined) {
        excluded.set(this.row, value);
      }
      get changefreq() {
        return changefreq.get(this.row);
      }
      set changefreq(value: ChangeFreq | undefined) {
        changefreq.set(this.row, value);
      }
      get priority() {
        return priority.get(this.row);
      }
      set priority(value: number | undefined) {
        priority.set(this.row, value);
      }
      get sitemap() {
        return sitemap.get(this.row);
      }
      set sitemap(value: string | undefined) {
        sitemap.set(this.row, value);
      }
      get excludedDetail() {
        return detail.get(this.row);
      }
      set excludedDetail(value: string | undefined) {
        detail.set(this.row, value);
      }
      get links() {
        return links.get(this.row);
      }
      set links(value: LinkItem[] | undefined) {
        links.set(this.row, value);
      }
      get images() {
        return images.get(this.row);
      }
      set images(value: ImageItem[] | undefined) {
        byRow(images, this.row, value);
      }
      get candidates() {
        return candidates.get(this.row);
      }
      set candidates(value: PageRecord['candidates']) {
        byRow(candidates, this.row, value);
      }
    };
  }

  get size(): number {
    return this.#size;
  }

  /** A new page: its file (null for a page the user lists by URL) and URL; no date yet. */
  add(file: string | null, url: string): PageView {
    const row = this.#size++;
    this.#url.set(row, url);
    // A file its URL tells is a code: while the URL column's row is this row, without the base.
    const { prefix } = this.#url;
    const told = this.#url.direct && prefix !== '' && url.startsWith(prefix);
    this.#file.set(row, file, told ? url.slice(prefix.length) : undefined);
    this.#source.set(row, undefined);
    this.#sourceRows = grown(this.#sourceRows, row + 1);
    this.#sourceRows[row] = NO_LINK;
    this.#lastmod.set(row, undefined);
    this.#from.set(row, undefined);
    return new this.#View(row);
  }

  /** The page at `row`, as a view. */
  view(row: number): PageView {
    return new this.#View(row);
  }

  /**
   * Page `row`'s source is row `sourceRow` of `sources` (the sources' table): its path is read
   * from there, not copied. One table serves every page of a table.
   */
  linkSource(row: number, sources: SourcePaths, sourceRow: number): void {
    if (this.#linked !== null && this.#linked !== sources)
      throw new Error('page table: sources linked from two tables');
    this.#linked = sources;
    this.#sourceRows[row] = sourceRow;
  }

  /** Page `row`'s row in the table `linkSource` named, or -1 when it has none. */
  sourceRow(row: number): number {
    return this.#sourceRows[row] as number;
  }

  /**
   * The files and URLs of `pages` (each with a file) as columns a helper thread reads without a
   * copy, and each page's row in them, in the order of `pages`. They are the table's own columns
   * while every page's URL is the one it was added with (nothing is copied but the rows of
   * `pages`, and those only when they are not in shared memory), else new ones.
   */
  fileColumns(pages: PageList): PageColumns {
    if (this.#url.direct && pages.table === this) {
      let rows = pages.rows;
      if (!(rows.buffer instanceof SharedArrayBuffer)) {
        rows = nativeArray(Uint32Array, pages.length, true);
        rows.set(pages.rows);
      }
      const urlPrefix = this.#url.prefix;
      const files = this.#file.columns(this.#size);
      return { files, urls: this.#url.column, urlPrefix, rows };
    }
    // Copies, each page's file kept as it is: row i of each is page i.
    const rows = nativeArray(Uint32Array, pages.length, true);
    const kept = new StringColumn({ shared: true });
    const urls = new StringColumn({ shared: true });
    const places = nativeArray(Int32Array, pages.length, true);
    let i = 0;
    for (const page of pages) {
      rows[i] = i;
      places[i++] = kept.push(page.file as string) << 1;
      urls.push(page.url);
    }
    const codes = nativeArray(Uint8Array, pages.length, true);
    return { files: { kept, codes, places }, urls, urlPrefix: '', rows };
  }

  /** Natural order of two rows' URLs, over their bytes. */
  compareUrls(a: number, b: number): number {
    return this.#url.compare(a, b);
  }

  /** Every page, in URL order, then file order (a file-less page first). */
  order(): PageList {
    const rows = new Uint32Array(this.#size);
    for (let row = 0; row < rows.length; row++) rows[row] = row;
    sortRows(rows, (a, b) => this.#url.compare(a, b) || compareFiles(this.#file, a, b));
    return new PageList(this, rows);
  }

  /** The page as a plain record, with only the fields it has (what `GenerateResult.records` holds). */
  static record(page: PageRecord): PageRecord {
    const record: PageRecord = { file: page.file, url: page.url, lastmodFrom: page.lastmodFrom };
    const optional = [
      'source',
      'lastmod',
      'changefreq',
      'priority',
      'links',
      'images',
      'excluded',
      'excludedDetail',
      'candidates',
      'sitemap',
    ] as const;
    for (const key of optional) {
      const value = page[key];
      if (value !== undefined) (record as unknown as Record<string, unknown>)[key] = value;
    }
    return record;
  }
}

function compareFiles(field: FileField, a: number, b: number): number {
  const hasA = field.has(a);
  const hasB = field.has(b);
  if (!hasA || !hasB) return hasA === hasB ? 0 : hasA ? 1 : -1;
  return field.compare(a, b);
}
