/**
 * Stable shards: when a group of URLs needs more than one file, each large section of the site
 * (first path segment under base) gets its own series of files, so a change in one section
 * leaves every other section's files byte-identical. Sections too small to be worth a file of
 * their own share the `root` series with the pages at the top level. Pure.
 */
import { safeDecode } from '../url/encode.js';

/** Sections with fewer URLs than this share the `root` series. */
export const MIN_SECTION_URLS = 1_000;
export const ROOT_SECTION = 'root';

/** The section a URL belongs to: its first folder under base, as a file-name-safe slug. */
export function sectionOf(url: string, baseUrl: string): string {
  const rest = url.startsWith(baseUrl) ? url.slice(baseUrl.length) : '';
  const slash = rest.indexOf('/');
  if (slash <= 0) return ROOT_SECTION;
  const segment = safeDecode(rest.slice(0, slash)).normalize('NFC').toLowerCase();
  const slug = segment.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  // `sitemap-index-N.xml` names index files: a folder called `index` gets another name.
  if (slug === 'index') return 'index-pages';
  if (slug !== '' && slug === segment) return slug;
  // Non-ASCII or punctuated names get a short, stable hash so distinct folders stay distinct.
  let hash = 2166136261;
  for (const byte of Buffer.from(segment, 'utf8')) hash = Math.imul(hash ^ byte, 16777619) >>> 0;
  return `${slug || 's'}-${hash.toString(36)}`;
}

/**
 * Splits sorted items into sections: `[name, items]`, `root` first, then the large sections by
 * name. Items keep their order within a section.
 */
export function splitSections<T>(
  items: readonly T[],
  urlOf: (item: T) => string,
  baseUrl: string,
): Array<[string, T[]]> {
  // Each item's section by number (a site has few), not a string an item.
  const numbers = new Uint32Array(items.length);
  const names: string[] = [];
  const numberOf = new Map<string, number>();
  items.forEach((item, i) => {
    const name = sectionOf(urlOf(item), baseUrl);
    let number = numberOf.get(name);
    if (number === undefined) {
      number = names.push(name) - 1;
      numberOf.set(name, number);
    }
    numbers[i] = number;
  });
  const counts = new Uint32Array(names.length);
  for (const number of numbers) counts[number] = (counts[number] as number) + 1;
  const sections = new Map<string, T[]>();
  items.forEach((item, i) => {
    const number = numbers[i] as number;
    const own = names[number] as string;
    const name =
      own !== ROOT_SECTION && (counts[number] as number) >= MIN_SECTION_URLS ? own : ROOT_SECTION;
    const list = sections.get(name);
    if (list) list.push(item);
    else sections.set(name, [item]);
  });
  return [...sections].sort(([a], [b]) =>
    a === ROOT_SECTION ? -1 : b === ROOT_SECTION ? 1 : a < b ? -1 : 1,
  );
}
