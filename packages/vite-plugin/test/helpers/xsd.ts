/**
 * Reads sitemap files back and validates them against the official XSDs vendored in @sitemapkit/core/schemas
 * (read through a path inside this repository, never from outside it). A `<urlset>` is checked
 * with `sitemap-with-xhtml.xsd` (which imports `sitemap.xsd` and `xhtml-link.xsd`), an index
 * with `siteindex.xsd`. Kept free of anything Vite-specific so it can be hoisted and shared.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

const SCHEMAS = new URL('../../../core/schemas/', import.meta.url);
const SITEMAP_FILE = /^[^/]+\.xml(\.gz)?$/;
const LOC = /<loc>([^<]*)<\/loc>/g;

interface Schemas {
  urlset: XMLFileInfo;
  urlsetPreload: XMLFileInfo[];
  index: XMLFileInfo;
}

let schemas: Promise<Schemas> | undefined;

async function schemaFile(fileName: string): Promise<XMLFileInfo> {
  return { fileName, contents: await readFile(new URL(fileName, SCHEMAS), 'utf8') };
}

function loadSchemas(): Promise<Schemas> {
  schemas ??= (async () => ({
    urlset: await schemaFile('sitemap-with-xhtml.xsd'),
    urlsetPreload: [await schemaFile('sitemap.xsd'), await schemaFile('xhtml-link.xsd')],
    index: await schemaFile('siteindex.xsd'),
  }))();
  return schemas;
}

/** Validates one sitemap or index (plain or gzipped); returns xmllint's errors, empty when valid. */
export async function xsdErrors(path: string): Promise<string[]> {
  const raw = await readFile(path);
  const xml = path.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  const { urlset, urlsetPreload, index } = await loadSchemas();
  const isIndex = /<sitemapindex\b/.test(xml);
  const result = await validateXML({
    xml: { fileName: 'sitemap.xml', contents: xml },
    schema: isIndex ? index : urlset,
    preload: isIndex ? [] : urlsetPreload,
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

/** Every sitemap file (`*.xml`, `*.xml.gz`) directly in `dir`, sorted. */
export async function sitemapFiles(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => SITEMAP_FILE.test(name)).sort();
  return names.map((name) => join(dir, name));
}

/**
 * Validates every sitemap file in `dir`; returns `file: error` lines, empty when all are valid.
 * Throws when there is no sitemap at all, so "nothing written" never passes as "all valid".
 */
export async function validateSitemapDir(dir: string): Promise<string[]> {
  const files = await sitemapFiles(dir);
  if (files.length === 0) throw new Error(`no sitemap files in ${dir}`);
  const problems: string[] = [];
  for (const file of files) {
    for (const error of await xsdErrors(file)) problems.push(`${file}: ${error}`);
  }
  return problems;
}

/** The `<loc>` values of a plain sitemap or index, in file order (our URLs carry no `&`). */
export async function readLocs(path: string): Promise<string[]> {
  return [...(await readFile(path, 'utf8')).matchAll(LOC)].map((match) => match[1] as string);
}
