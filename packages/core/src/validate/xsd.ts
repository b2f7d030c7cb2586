/**
 * The XSD pass: xmllint (libxml2 as WebAssembly) validates files against the vendored schemas in
 * `packages/core/schemas/`, read from disk once.
 *
 * Extension namespaces: sitemap.xsd lets any element of another namespace into `<url>` with
 * `processContents="strict"`, so the validator needs a declaration for each one. `xhtml:link` has
 * ours (xhtml-link.xsd). For every other namespace (Google's image, video and news, whose schemas
 * are not licensed for shipping, or anyone's own) we generate a stub that declares the elements the
 * file uses with content skipped: the rest of the file is still validated strictly, and the caller
 * reports those namespaces as `xsd-extension-not-checked`.
 */

import { readFile } from 'node:fs/promises';
import type { XMLFileInfo } from 'xmllint-wasm';
import { xmllintWasm } from '../dependencies.js';
import { SITEMAP_NS, XHTML_NS } from '../limits.js';
import { clip } from '../url/shorten.js';
import type { RootKind } from './parse-sitemap.js';

export interface XsdJob {
  id: number;
  kind: RootKind;
  xml: Uint8Array;
  /** Extension namespace -> element names used directly in the root or an entry. */
  extensions: ReadonlyMap<string, ReadonlySet<string>>;
}

export interface XsdError {
  line?: number;
  message: string;
}

export interface SchemaSet {
  /** Equal keys, equal schemas: such files are validated in one call. */
  key: string;
  schema: XMLFileInfo;
  preload: XMLFileInfo[];
}

const SCHEMA_DIR = new URL('../../schemas/', import.meta.url);
const VENDORED = ['sitemap.xsd', 'siteindex.xsd', 'sitemap-with-xhtml.xsd', 'xhtml-link.xsd'];
/** Files validated in one xmllint call, at most this many bytes together. */
export const XSD_BATCH_BYTES = 16 * 1024 * 1024;
const XSD_NS = 'http://www.w3.org/2001/XMLSchema';
const OUTPUT_LINE = /^sk-(\d+)\.xml:(\d+): (.*)$/;
const FAILED_LINE = /^sk-(\d+)\.xml fails to validate$/;
/** A value xmllint quotes from the file: clipped like ours. */
const QUOTED = /'([^']*)'/g;

let vendored: Promise<Map<string, XMLFileInfo>> | undefined;

function loadVendored(): Promise<Map<string, XMLFileInfo>> {
  vendored ??= Promise.all(
    VENDORED.map(async (fileName) => ({
      fileName,
      contents: await readFile(new URL(fileName, SCHEMA_DIR), 'utf8'),
    })),
  ).then((files) => new Map(files.map((f) => [f.fileName, f])));
  return vendored;
}

function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
}

/** A schema declaring `names` in `namespace`, each with any content, skipped. */
export function stubSchema(namespace: string, names: Iterable<string>): string {
  const elements = [...names]
    .sort()
    .map(
      (name) =>
        `  <xsd:element name="${name}"><xsd:complexType mixed="true"><xsd:sequence>` +
        '<xsd:any namespace="##any" processContents="skip" minOccurs="0" maxOccurs="unbounded"/>' +
        '</xsd:sequence><xsd:anyAttribute namespace="##any" processContents="skip"/></xsd:complexType></xsd:element>\n',
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<xsd:schema xmlns:xsd="${XSD_NS}" targetNamespace="${attribute(namespace)}" elementFormDefault="qualified">\n${elements}</xsd:schema>\n`;
}

/** The schemas a file needs, from its root and the extension elements it uses. */
export function schemaSet(
  kind: RootKind,
  extensions: ReadonlyMap<string, ReadonlySet<string>>,
  files: ReadonlyMap<string, XMLFileInfo>,
): SchemaSet {
  const file = (name: string) => files.get(name) as XMLFileInfo;
  const base = kind === 'urlset' ? 'sitemap.xsd' : 'siteindex.xsd';
  const xhtml = extensions.has(XHTML_NS);
  const others = [...extensions.keys()].filter((ns) => ns !== XHTML_NS).sort();
  if (others.length === 0 && !(xhtml && kind === 'urlset')) {
    return { key: base, schema: file(base), preload: [] };
  }
  if (others.length === 0) {
    const preload = [file('sitemap.xsd'), file('xhtml-link.xsd')];
    return { key: 'xhtml', schema: file('sitemap-with-xhtml.xsd'), preload };
  }
  const stubs = others.map((ns, i) => ({
    fileName: `sitemapkit-ext-${i}.xsd`,
    contents: stubSchema(ns, extensions.get(ns) ?? []),
  }));
  const imports = [
    `<xsd:import namespace="${SITEMAP_NS}" schemaLocation="${base}"/>`,
    ...(xhtml ? [`<xsd:import namespace="${XHTML_NS}" schemaLocation="xhtml-link.xsd"/>`] : []),
    ...others.map(
      (ns, i) =>
        `<xsd:import namespace="${attribute(ns)}" schemaLocation="sitemapkit-ext-${i}.xsd"/>`,
    ),
  ];
  const wrapper = `<?xml version="1.0" encoding="UTF-8"?>\n<xsd:schema xmlns:xsd="${XSD_NS}">\n  ${imports.join('\n  ')}\n</xsd:schema>\n`;
  return {
    key: `${base}|${xhtml}|${stubs.map((s) => s.contents).join('|')}`,
    schema: { fileName: 'sitemapkit-wrapper.xsd', contents: wrapper },
    preload: [file(base), ...(xhtml ? [file('xhtml-link.xsd')] : []), ...stubs],
  };
}

/** Makes xmllint's messages read like ours: no "Schemas validity error", no `{namespace}`. */
function tidy(message: string): string {
  return message
    .replace(/^element [^:]+: /, '')
    .replace(/^Schemas validity error : /, '')
    .replaceAll(`{${SITEMAP_NS}}`, '')
    .replaceAll(`{${XHTML_NS}}`, 'xhtml:')
    .replace(QUOTED, (_, value: string) => `'${clip(value)}'`);
}

type OnError = (id: number, error: XsdError) => void;

/** Each line of a text, without splitting it into an array first. */
function* linesOf(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    yield text.slice(start, stop);
    start = stop + 1;
  }
}

async function validateBatch(set: SchemaSet, jobs: XsdJob[], onError: OnError) {
  const { validateXML, memoryPages } = xmllintWasm();
  const result = await validateXML({
    xml: jobs.map((job) => ({ fileName: `sk-${job.id}.xml`, contents: job.xml })),
    schema: [set.schema],
    preload: set.preload,
    stream: true,
    maxMemoryPages: memoryPages.GiB,
  });
  if (result.valid) return;
  const reported = new Set<number>();
  for (const line of linesOf(result.rawOutput)) {
    const match = OUTPUT_LINE.exec(line);
    const failed = FAILED_LINE.exec(line);
    if (match) {
      const id = Number(match[1]);
      reported.add(id);
      onError(id, { line: Number(match[2]), message: tidy(match[3] as string) });
    } else if (failed && !reported.has(Number(failed[1]))) {
      reported.add(Number(failed[1]));
      onError(Number(failed[1]), { message: 'fails to validate (xmllint gave no detail)' });
    }
  }
}

/**
 * Validates the files, as few calls as their schemas and sizes allow, handing each error over as
 * it is read from xmllint's output (nothing is collected).
 */
export async function streamXsd(jobs: readonly XsdJob[], onError: OnError): Promise<void> {
  const files = await loadVendored();
  const groups = new Map<string, { set: SchemaSet; jobs: XsdJob[] }>();
  for (const job of jobs) {
    const set = schemaSet(job.kind, job.extensions, files);
    const group = groups.get(set.key) ?? { set, jobs: [] };
    group.jobs.push(job);
    groups.set(set.key, group);
  }
  for (const { set, jobs: grouped } of groups.values()) {
    let batch: XsdJob[] = [];
    let size = 0;
    for (const job of grouped) {
      if (batch.length > 0 && size + job.xml.length > XSD_BATCH_BYTES) {
        await validateBatch(set, batch, onError);
        [batch, size] = [[], 0];
      }
      batch.push(job);
      size += job.xml.length;
    }
    if (batch.length > 0) await validateBatch(set, batch, onError);
  }
}

/** Validates the files; errors by job id. For few files and errors: `streamXsd` keeps none. */
export async function runXsd(jobs: readonly XsdJob[]): Promise<Map<number, XsdError[]>> {
  const errors = new Map<number, XsdError[]>();
  await streamXsd(jobs, (id, error) => {
    const list = errors.get(id) ?? [];
    list.push(error);
    errors.set(id, list);
  });
  return errors;
}
