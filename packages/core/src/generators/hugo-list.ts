/**
 * The pages `hugo list all` prints, as CSV read by its header's names: Hugo 0.111 prints
 * `path,slug,title,date,expiryDate,publishDate,draft,permalink` for regular pages only; later
 * versions list section and home pages too, and from 0.126 add `kind` and `section`. Drafts,
 * future and expired pages are listed but not built, and are left out here as the build leaves
 * them out. Pure.
 */
import { safeDecode } from '../url/encode.js';

/** A page Hugo builds from a file. */
export interface ListedPage {
  /** The source file, relative to the project folder (or absolute, outside it). */
  path: string;
  /** Its permalink: absolute, or root-relative when `baseURL` has no host. */
  permalink: string;
  /** Its kind (`page`, `section`, `home`, ...), when Hugo says it. */
  kind?: string;
}

/** What the site's config says about building pages that are not published yet. */
export interface BuildFlags {
  buildDrafts: boolean;
  buildFuture: boolean;
  buildExpired: boolean;
}

/**
 * RFC 4180 CSV, as Go's encoding/csv writes it: quoted fields may hold commas, quotes, breaks.
 * @example parseCsv('a,"b, ""c"""\n') // [['a', 'b, "c"']]
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** A date column: null for Go's zero time (`0001-01-01T00:00:00Z`) or no date. */
function dateOf(value: string | undefined): number | null {
  if (!value || value.startsWith('0001-01-01')) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/**
 * The pages of `hugo list all` output the build writes, as of `now`.
 * @example listedPages('path,slug,title,date,expiryDate,publishDate,draft,permalink\ncontent/a.md,,A,...,false,https://e.org/a/\n', flags)
 *   // [{ path: 'content/a.md', permalink: 'https://e.org/a/' }]
 */
export function listedPages(csv: string, flags: BuildFlags, now = Date.now()): ListedPage[] {
  const all = parseCsv(csv);
  // Anything Hugo logged to stdout before the CSV (a deprecation notice) is not a page.
  const start = all.findIndex((row) => row.includes('path') && row.includes('permalink'));
  const [header, ...rows] = start === -1 ? all : all.slice(start);
  if (!header) return [];
  const column = (name: string) => header.indexOf(name);
  const [path, permalink, draft, publishDate, expiryDate, kind] = [
    'path',
    'permalink',
    'draft',
    'publishDate',
    'expiryDate',
    'kind',
  ].map(column) as [number, number, number, number, number, number];
  if (path === -1 || permalink === -1) {
    throw new Error(`no path and permalink columns in its header (${header.join(',')})`);
  }
  const pages: ListedPage[] = [];
  for (const row of rows) {
    const file = row[path];
    const link = row[permalink];
    if (!file || !link) continue;
    if (!flags.buildDrafts && row[draft] === 'true') continue;
    const publish = dateOf(row[publishDate]);
    if (!flags.buildFuture && publish !== null && publish > now) continue;
    const expiry = dateOf(row[expiryDate]);
    if (!flags.buildExpired && expiry !== null && expiry <= now) continue;
    pages.push({
      path: file,
      permalink: link,
      ...(kind !== -1 && row[kind] ? { kind: row[kind] } : {}),
    });
  }
  return pages;
}

/**
 * The path of a permalink under the base path, decoded, with a leading slash (`/posts/a/`,
 * `/posts/a.html`); undefined when it is not under the base path (another host's URL).
 * @example permalinkPath('https://e.org/docs/fr/%C3%A9t%C3%A9/', 'https://e.org/docs/') // '/fr/été/'
 */
export function permalinkPath(permalink: string, baseURL: string): string | undefined {
  let url: URL;
  let base: URL;
  try {
    base = new URL(baseURL || '/', 'http://hugo.invalid/');
    url = new URL(permalink, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin) return undefined;
  const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  const path = url.pathname === basePath.slice(0, -1) ? basePath : url.pathname;
  if (!path.startsWith(basePath)) return undefined;
  return safeDecode(`/${path.slice(basePath.length)}`);
}
