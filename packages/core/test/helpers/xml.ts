/** Reads sitemap XML back with a real parser (saxes) and validates it against the vendored XSDs. */
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { validateXML } from 'xmllint-wasm';

export interface ParsedEntry {
  loc: string;
  lastmod?: string;
  changefreq?: string;
  priority?: string;
  links: Array<{ hreflang: string; href: string }>;
}

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
  parser.on('opentag', (tag) => {
    if (!root) {
      root = tag.local as ParsedSitemap['root'];
      for (const [name, attr] of Object.entries(tag.attributes)) {
        if (name === 'xmlns' || name.startsWith('xmlns:'))
          namespaces[name] = (attr as { value: string }).value;
      }
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
    if (field) text += t;
  });
  parser.on('closetag', (tag) => {
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

/** Validates a urlset or sitemapindex against the official XSD (xmllint, libxml2). */
export async function validateAgainstXsd(
  xml: string,
): Promise<{ valid: boolean; errors: string[] }> {
  const isIndex = /<sitemapindex[\s>]/.test(xml);
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
