/**
 * Stable shards: when a group of URLs needs more than one file, each large section of the site
 * (first path segment under base) gets its own series of files, so a change in one section
 * leaves every other section's files byte-identical. Sections too small to be worth a file of
 * their own share the `root` series with the pages at the top level. Pure.
 */
import { ByteScratch } from '../columns/byte-scratch.js';
import { grown, nativeArray } from '../columns/native-memory.js';
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
 * Splits sorted URLs into sections: `[name, places]`, the places (in `urls`) of each section's
 * URLs in order, `root` first, then the large sections by name. The URLs may come as UTF-8
 * bytes (`PageList.urlBytes`): a URL is then made a string only where its section is not the
 * last one's. A string each, at 100,000 pages, left 4.8 MB that outlived V8's young
 * collections (sampled), what makes V8 grow the young generation for good.
 * @example splitSections(urls, 'https://e.com/') // [['root', Uint32Array [0, 1]], ['blog', Uint32Array [2, ...]]]
 */
export function splitSections(
  urls: Iterable<string> | Iterable<ByteScratch>,
  baseUrl: string,
): Array<[string, Uint32Array]> {
  // Each URL's section by number (a site has few), not a string a URL.
  let numbers = nativeArray(Uint32Array, 1024);
  let count = 0;
  const names: string[] = [];
  const numberOf = new Map<string, number>();
  const base = Buffer.from(baseUrl);
  const text = new ByteScratch();
  // URLs in order come a section at a time: the last section's folder (`https://e.com/blog/`,
  // in bytes) tells a URL of the same section without reading its segment again.
  let lastFolder = Buffer.alloc(0);
  let lastNumber = 0;
  for (const url of urls) {
    let scratch: ByteScratch;
    if (typeof url === 'string') {
      text.write(url);
      scratch = text;
    } else scratch = url;
    const { bytes, length } = scratch;
    let number: number | undefined;
    if (lastFolder.length > 0 && scratch.startsWith(lastFolder)) number = lastNumber;
    else {
      const name = sectionOf(bytes.toString('utf8', 0, length), baseUrl);
      number = numberOf.get(name);
      if (number === undefined) {
        number = names.push(name) - 1;
        numberOf.set(name, number);
      }
      const slash = scratch.startsWith(base) ? bytes.indexOf(SLASH, base.length) : -1;
      lastFolder =
        slash > base.length && slash < length
          ? Buffer.from(bytes.subarray(0, slash + 1))
          : Buffer.alloc(0);
      lastNumber = number;
    }
    numbers = grown(numbers, count + 1);
    numbers[count++] = number;
  }
  numbers = numbers.subarray(0, count);
  const counts = new Uint32Array(names.length);
  for (const number of numbers) counts[number] = (counts[number] as number) + 1;
  // A section too small for files of its own goes with `root`.
  const into = names.map((name, number) =>
    name !== ROOT_SECTION && (counts[number] as number) >= MIN_SECTION_URLS ? name : ROOT_SECTION,
  );
  const sizes = new Map<string, number>();
  for (const number of numbers) {
    const name = into[number] as string;
    sizes.set(name, (sizes.get(name) ?? 0) + 1);
  }
  // Every section's places in one block, each section a part of it.
  const all = nativeArray(Uint32Array, numbers.length);
  const sections = new Map<string, { places: Uint32Array; filled: number }>();
  let from = 0;
  for (const [name, size] of sizes) {
    sections.set(name, { places: all.subarray(from, from + size), filled: 0 });
    from += size;
  }
  numbers.forEach((number, place) => {
    const section = sections.get(into[number] as string) as { places: Uint32Array; filled: number };
    section.places[section.filled++] = place;
  });
  return [...sections]
    .map(([name, { places }]): [string, Uint32Array] => [name, places])
    .sort(([a], [b]) => (a === ROOT_SECTION ? -1 : b === ROOT_SECTION ? 1 : a < b ? -1 : 1));
}

const SLASH = 0x2f;
