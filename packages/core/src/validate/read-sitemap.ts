/**
 * Reads one sitemap file from disk as a stream: gunzips `.gz` (by its magic bytes, whatever the
 * name), checks the bytes are UTF-8, and feeds the text to the escape scanner and the parser.
 * Entries are handed over chunk by chunk, so a 50 MB file is never held whole, except as bytes
 * for the XSD pass when asked.
 */

import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { TextDecoder } from 'node:util';
import { createGunzip } from 'node:zlib';
import {
  type ParsedEntry,
  type ParseFinding,
  type RootKind,
  SitemapParser,
} from './parse-sitemap.js';
import { type EscapeIssue, EscapeScanner } from './scan-escapes.js';

/** Past this, the bytes are not kept for the XSD pass (the file is far over every limit). */
const XSD_MAX_BYTES = 64 * 1024 * 1024;
const ESCAPES: Record<string, string> = { "'": '&apos;', '"': '&quot;', '>': '&gt;', '&': '&amp;' };

export interface ReadOptions {
  /** Keep the uncompressed bytes for the XSD pass. */
  keepXml: boolean;
  /** Called after each chunk with the entries it completed, and the root they are in. */
  onEntries: (entries: ParsedEntry[], root: RootKind) => Promise<void> | void;
}

export interface ReadResult {
  /** Bytes on disk. */
  bytes: number;
  /** Uncompressed bytes. */
  xmlBytes: number;
  gzip: boolean;
  parser: SitemapParser;
  /** Everything found about the file itself, in line order. */
  findings: ParseFinding[];
  /** Well-formed UTF-8 with the protocol's root and namespace: the XSD pass can run. */
  checkable: boolean;
  /** The uncompressed bytes, when asked for and the file is checkable. */
  xml?: Buffer;
  /** Why the file could not be read, when it could not. */
  unreadable?: string;
}

/** `target.push(...items)` without the argument-count limit of a spread call. */
function append<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function escapeFinding(issue: EscapeIssue): ParseFinding {
  const times = issue.count > 1 ? ` (${issue.count} times on this line)` : '';
  const where = issue.inAttribute ? 'in an attribute value' : 'in text';
  const chars = issue.chars.map((c) => `"${c}"`).join(' ');
  const write = issue.chars.map((c) => ESCAPES[c]).join(' ');
  return {
    rule: issue.kind === 'ampersand' ? 'unescaped-ampersand' : 'entity-escaping',
    line: issue.line,
    message: `raw ${chars} ${where}${times}: write ${write} (near "${issue.context}")`,
  };
}

async function isGzip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** Reads, decodes and parses one file. Never throws for a bad file: it says so in the result. */
export async function readSitemap(path: string, options: ReadOptions): Promise<ReadResult> {
  const parser = new SitemapParser();
  const scanner = new EscapeScanner();
  const findings: ParseFinding[] = [];
  const kept: Buffer[] = [];
  let keep = options.keepXml;
  let xmlBytes = 0;
  let lines = 0;
  let encodingOk = true;
  let feeding = true;
  let utf8: TextDecoder | undefined = new TextDecoder('utf-8', { fatal: true });
  let lenient = new TextDecoder('utf-8');

  const decode = (bytes: Buffer | undefined): string => {
    const opts = { stream: bytes !== undefined };
    if (utf8 === undefined) return lenient.decode(bytes, opts);
    try {
      return utf8.decode(bytes, opts);
    } catch {
      utf8 = undefined;
      lenient = new TextDecoder('utf-8');
      const text = lenient.decode(bytes, opts);
      const at = Math.max(0, text.indexOf('\uFFFD'));
      const line = lines + 1 + countLines(text.slice(0, at));
      findings.push({
        rule: 'encoding-utf8',
        line,
        message: 'bytes that are not UTF-8 (the file is UTF-8 only)',
      });
      encodingOk = false;
      return text;
    }
  };
  const feed = async (text: string): Promise<void> => {
    scanner.write(text);
    parser.write(text);
    lines += countLines(text);
    append(findings, parser.takeFindings());
    const entries = parser.takeEntries();
    if (entries.length > 0) await options.onEntries(entries, parser.root as RootKind);
  };

  let bytes = 0;
  let gzip = false;
  try {
    bytes = (await stat(path)).size;
    gzip = await isGzip(path);
    const consume = async (source: AsyncIterable<Buffer>): Promise<void> => {
      for await (const chunk of source) {
        if (xmlBytes === 0 && (chunk[0] === 0xff || chunk[0] === 0xfe || chunk[0] === 0x00)) {
          findings.push({
            rule: 'encoding-utf8',
            line: 1,
            message: 'UTF-16 or UTF-32 bytes: sitemaps are UTF-8',
          });
          [encodingOk, feeding] = [false, false];
        }
        xmlBytes += chunk.length;
        if (keep) kept.push(chunk);
        if (xmlBytes > XSD_MAX_BYTES) [keep, kept.length] = [false, 0];
        if (feeding) await feed(decode(chunk));
      }
    };
    if (gzip) await pipeline(createReadStream(path), createGunzip(), consume);
    else await pipeline(createReadStream(path), consume);
  } catch (error) {
    const unreadable = (error as Error).message;
    return { bytes, xmlBytes, gzip, parser, findings, checkable: false, unreadable };
  }
  if (feeding) {
    await feed(decode(undefined));
    parser.close();
  }
  append(findings, parser.takeFindings());
  const entries = parser.takeEntries();
  if (entries.length > 0) await options.onEntries(entries, parser.root as RootKind);

  const escapes = scanner.close();
  append(findings, escapes.map(escapeFinding));
  const firstAmpersand = escapes.find((issue) => issue.kind === 'ampersand');
  const error = parser.firstError;
  // A raw & derails the parser; its own error then lands later and says less. Keep ours.
  if (error !== undefined && (firstAmpersand === undefined || firstAmpersand.line > error.line)) {
    const message = `${error.message.replace(/\.$/, '')} (the rest of the file was not checked)`;
    findings.push({ rule: 'xml-well-formed', line: error.line, message });
  }
  findings.sort((a, b) => a.line - b.line);
  const checkable =
    encodingOk && parser.wellFormed && parser.rootOk && firstAmpersand === undefined;
  const result: ReadResult = { bytes, xmlBytes, gzip, parser, findings, checkable };
  if (checkable && keep) result.xml = Buffer.concat(kept);
  return result;
}
