/** Reads sitemap XML back with a real parser (saxes) and validates it against the vendored XSDs. */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { validateXML } from 'xmllint-wasm';

export interface ParsedEntry {
  loc: string;
  lastmod?: string;
  changefreq?: string;
  priority?: string;
  links: Array<{ hreflang: string; href: string }>;
  /** `<image:image><image:loc>` values, in order (absent when the entry has none). */
  images?: string[];
}

const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';

export interface ParsedSitemap {
  root: 'urlset' | 'sitemapindex';
  namespaces: Record<string, string>;
  entries: ParsedEntry[];
}

/** Parses a urlset or sitemapindex; throws on malformed XML. */
export function parseSitemap(xml: string): ParsedSitemap {
  const parser = new SaxesParser({ xmlns: true });
  let root: ParsedSitemap['root'] | undefined;
  const namespaces: Record<string, string> = {};
  const entries: ParsedEntry[] = [];
  let current: ParsedEntry | undefined;
  let field: string | undefined;
  let text = '';
  let imageLoc: string | null = null;
  parser.on('opentag', (tag) => {
    if (!root) {
      root = tag.local as ParsedSitemap['root'];
      for (const [name, attr] of Object.entries(tag.attributes)) {
        if (name === 'xmlns' || name.startsWith('xmlns:'))
          namespaces[name] = (attr as { value: string }).value;
      }
      return;
    }
    if (tag.uri === IMAGE_NS) {
      if (tag.local === 'loc') imageLoc = '';
      return;
    }
    if (tag.local === 'url' || tag.local === 'sitemap') current = { loc: '', links: [] };
    else if (tag.local === 'link' && current) {
      const a = tag.attributes as Record<string, { value: string }>;
      current.links.push({ hreflang: a.hreflang?.value ?? '', href: a.href?.value ?? '' });
    } else {
      field = tag.local;
      text = '';
    }
  });
  parser.on('text', (t) => {
    if (imageLoc !== null) imageLoc += t;
    else if (field) text += t;
  });
  parser.on('closetag', (tag) => {
    if (tag.uri === IMAGE_NS) {
      if (tag.local === 'loc' && current && imageLoc !== null) {
        current.images ??= [];
        current.images.push(imageLoc);
      }
      imageLoc = null;
      return;
    }
    if ((tag.local === 'url' || tag.local === 'sitemap') && current) {
      entries.push(current);
      current = undefined;
    } else if (field && current && tag.local === field) {
      (current as unknown as Record<string, string>)[field] = text;
      field = undefined;
    }
  });
  parser.write(xml).close();
  if (!root) throw new Error('no root element');
  return { root, namespaces, entries };
}

export async function readXml(path: string): Promise<string> {
  const data = await readFile(path);
  return (path.endsWith('.gz') ? gunzipSync(data) : data).toString('utf8');
}

const SCHEMAS = new URL('../../schemas/', import.meta.url);
const schema = async (name: string) => ({
  fileName: name,
  contents: await readFile(new URL(name, SCHEMAS), 'utf8'),
});

/**
 * A wrapper importing the official sitemap.xsd, our xhtml-link.xsd and our own test schema of the
 * image extension (test/schemas/image-test.xsd, not Google's), as sitemap-with-xhtml.xsd does.
 */
const WITH_IMAGES = `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified">
  <xsd:import namespace="http://www.sitemaps.org/schemas/sitemap/0.9" schemaLocation="sitemap.xsd"/>
  <xsd:import namespace="http://www.w3.org/1999/xhtml" schemaLocation="xhtml-link.xsd"/>
  <xsd:import namespace="${IMAGE_NS}" schemaLocation="image-test.xsd"/>
</xsd:schema>
`;

/** Validates a urlset or sitemapindex against the official XSD (xmllint, libxml2). */
export async function validateAgainstXsd(
  xml: string,
): Promise<{ valid: boolean; errors: string[] }> {
  const isIndex = /<sitemapindex[\s>]/.test(xml);
  if (!isIndex && xml.includes(IMAGE_NS)) {
    const imageSchema = {
      fileName: 'image-test.xsd',
      contents: await readFile(new URL('../schemas/image-test.xsd', import.meta.url), 'utf8'),
    };
    const result = await validateXML({
      xml: [{ fileName: 'sitemap.xml', contents: xml }],
      schema: [{ fileName: 'sitemap-with-images.xsd', contents: WITH_IMAGES }],
      preload: [await schema('sitemap.xsd'), await schema('xhtml-link.xsd'), imageSchema],
    });
    return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
  }
  const result = await validateXML({
    xml: [{ fileName: 'sitemap.xml', contents: xml }],
    schema: [await schema(isIndex ? 'siteindex.xsd' : 'sitemap-with-xhtml.xsd')],
    preload: isIndex ? [] : [await schema('sitemap.xsd'), await schema('xhtml-link.xsd')],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}

/** Reads, parses and XSD-validates every file of a result; fails the test on any problem. */
export async function readAll(paths: string[]): Promise<Map<string, ParsedSitemap>> {
  const out = new Map<string, ParsedSitemap>();
  for (const path of paths) {
    const xml = await readXml(path);
    const check = await validateAgainstXsd(xml);
    if (!check.valid)
      throw new Error(`${path} is not valid against the XSD:\n${check.errors.join('\n')}`);
    out.set(path, parseSitemap(xml));
  }
  return out;
}

/** The mark every file of the set `filenameBase` starts with, after the XML declaration. */
export function ownHead(filenameBase = 'sitemap'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!-- sitemapkit: ${filenameBase} -->\n`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The name of shard `n` of `prefix`, named by the hash of its content:
 * `shardName('sitemap', 0)` matches `sitemap-0-d1aebdb2.xml`; `gz` for `.xml.gz`.
 */
export function shardName(prefix: string, n: number, gz = false): RegExp {
  return new RegExp(`^${escapeRegExp(prefix)}-${n}-[0-9a-f]{8}\\.xml${gz ? '\\.gz' : ''}$`);
}

/** The hash a shard's name ends in: the first 8 hex digits of sha256 of its uncompressed XML. */
export function contentHash(xml: string | Buffer): string {
  return createHash('sha256').update(xml).digest('hex').slice(0, 8);
}

/**
 * The file names of the set's sitemaps `dir/<index>` lists, in index order. A listed sitemap
 * not named as the set's (`customSitemaps`: another tool's `shop/sitemap.xml`) is left out; one
 * that is throws (failing the test) when it is not in `dir`, when its name does not end in the
 * hash of its content, or when it does not start with the set's mark.
 */
export async function shardFiles(dir: string, index = 'sitemap-index.xml'): Promise<string[]> {
  const indexXml = await readXml(join(dir, index));
  const base = index.replace(/-index(-\d+)?\.xml$/, '');
  if (!indexXml.startsWith(ownHead(base))) throw new Error(`${index} does not start with the mark`);
  const names: string[] = [];
  for (const { loc } of parseSitemap(indexXml).entries) {
    const name = decodeURIComponent(new URL(loc).pathname.split('/').at(-1) ?? '');
    if (!name.startsWith(`${base}-`)) continue;
    const match = /-([0-9a-f]{8})\.xml(\.gz)?$/.exec(name);
    if (!match) throw new Error(`${index} lists ${loc}, whose name carries no content hash`);
    let xml: string;
    try {
      xml = await readXml(join(dir, name));
    } catch (error) {
      throw new Error(`${index} lists ${loc}, but ${name} is not in ${dir}`, { cause: error });
    }
    if (contentHash(xml) !== match[1])
      throw new Error(
        `${name} is named by hash ${match[1]}; its content hashes to ${contentHash(xml)}`,
      );
    if (!xml.startsWith(ownHead(base))) throw new Error(`${name} does not start with the mark`);
    names.push(name);
  }
  return names;
}

/**
 * Every file in `dir` named like a file of the set `filenameBase` (`sitemap-*.xml`,
 * `sitemap-*.xml.gz`), sorted: its indexes and shards, and any stray or old-style name beside
 * them, so that comparing it with the set's names fails on an extra file.
 */
export async function setFiles(dir: string, filenameBase = 'sitemap'): Promise<string[]> {
  const pattern = new RegExp(`^${escapeRegExp(filenameBase)}-.*\\.xml(\\.gz)?$`);
  return (await readdir(dir)).filter((name) => pattern.test(name)).sort();
}

/** The one shard of a single-file site: the only sitemap `dir/sitemap-index.xml` lists. */
export async function onlyShard(dir: string): Promise<string> {
  const names = await shardFiles(dir);
  if (names.length !== 1) throw new Error(`the index lists ${names.length} sitemaps, not one`);
  return join(dir, names[0] as string);
}

/**
 * Fetches a served index (`origin` + `path`) and every sitemap it lists, as a crawler would;
 * fails on a status other than 200 or a type other than XML. Returns the listed page URLs and
 * every text fetched (the index first).
 */
export async function fetchServedSet(
  origin: string,
  path: string,
): Promise<{ urls: string[]; xml: string[] }> {
  const fetchXml = async (url: string) => {
    const response = await fetch(url);
    if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
    const type = response.headers.get('content-type') ?? '';
    if (!/^application\/xml/.test(type)) throw new Error(`${url}: served as ${type}`);
    return response.text();
  };
  const index = await fetchXml(origin + path);
  const parsed = parseSitemap(index);
  if (parsed.root !== 'sitemapindex') throw new Error(`${path} is not a sitemap index`);
  const xml = [index];
  const urls: string[] = [];
  for (const { loc } of parsed.entries) {
    const text = await fetchXml(origin + new URL(loc).pathname);
    xml.push(text);
    for (const entry of parseSitemap(text).entries) urls.push(entry.loc);
  }
  return { urls, xml };
}
