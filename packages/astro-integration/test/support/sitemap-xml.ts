/**
 * Reads written sitemaps back and validates them against the vendored official XSDs
 * (packages/core/schemas/, found relative to this file) with xmllint-wasm.
 */
import { readFile } from 'node:fs/promises';
import { validateXML } from 'xmllint-wasm';

export interface Entry {
  loc: string;
  lastmod?: string;
  changefreq?: string;
  priority?: string;
  links: Array<{ hreflang: string; href: string }>;
}

const SCHEMAS = new URL('../../../core/schemas/', import.meta.url);
const ENTRY = /<(url|sitemap)>([\s\S]*?)<\/\1>/g;
const FIELD = /<(loc|lastmod|changefreq|priority)>([^<]*)<\/\1>/g;
const LINK = /<xhtml:link rel="alternate" hreflang="([^"]*)" href="([^"]*)"\/>/g;

function unescapeXml(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}

/** Entries of a urlset or sitemapindex, in file order. The XSD pass vouches for the structure. */
export function parseEntries(xml: string): Entry[] {
  return [...xml.matchAll(ENTRY)].map(([, , body = '']) => {
    const entry: Entry = { loc: '', links: [] };
    for (const [, name, value = ''] of body.matchAll(FIELD)) {
      (entry as unknown as Record<string, string>)[name as string] = unescapeXml(value);
    }
    for (const [, hreflang = '', href = ''] of body.matchAll(LINK)) {
      entry.links.push({ hreflang: unescapeXml(hreflang), href: unescapeXml(href) });
    }
    return entry;
  });
}

const schema = async (fileName: string) => ({
  fileName,
  contents: await readFile(new URL(fileName, SCHEMAS), 'utf8'),
});

/** Validates one file: urlsets against sitemap.xsd + xhtml-link.xsd, indexes against siteindex.xsd. */
export async function xsdErrors(fileName: string, xml: string): Promise<string[]> {
  const isIndex = /<sitemapindex[\s>]/.test(xml);
  const result = await validateXML({
    xml: [{ fileName, contents: xml }],
    schema: [await schema(isIndex ? 'siteindex.xsd' : 'sitemap-with-xhtml.xsd')],
    preload: isIndex ? [] : [await schema('sitemap.xsd'), await schema('xhtml-link.xsd')],
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}
