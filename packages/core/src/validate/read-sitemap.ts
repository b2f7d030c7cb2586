/**
 * Reads one sitemap file from disk as a stream: gunzips `.gz` (by its magic bytes, whatever the
 * name), checks the bytes are UTF-8, and feeds the text to the escape scanner and the parser.
 * Entries and findings are handed over chunk by chunk, so a 50 MB file is never held whole, except
 * as bytes for the XSD pass when asked. Only a regular file is opened (never a FIFO or a device),
 * and reading stops at 52,428,800 uncompressed bytes, however far a `.gz` would inflate.
 */

import type { FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { TextDecoder } from 'node:util';
import { createGunzip } from 'node:zlib';
import { openRegularFile } from '../files/regular-file.js';
import { MAX_XML_BYTES } from './bounds.js';
import {
  type ParsedEntry,
  type ParseFinding,
  type RootKind,
  SitemapParser,
} from './parse-sitemap.js';
import type { RuleId } from './rules.js';
import { type EscapeIssue, EscapeScanner } from './scan-escapes.js';

/** Bytes read from the file at a time. */
const READ_CHUNK = 64 * 1024;
const ESCAPES: Record<string, string> = { "'": '&apos;', '"': '&quot;', '>': '&gt;', '&': '&amp;' };
const ESCAPE_RULE: Record<EscapeIssue['kind'], RuleId> = {
  ampersand: 'unescaped-ampersand',
  unescaped: 'entity-escaping',
};

export interface ReadOptions {
  /** Keep the uncompressed bytes for the XSD pass. */
  keepXml: boolean;
  /** Called after each chunk with the entries it completed, and the root they are in. */
  onEntries: (entries: ParsedEntry[], root: RootKind) => Promise<void> | void;
  /** Called with the findings about the file itself as they are made. */
  onFindings: (findings: ParseFinding[]) => void;
  /** Called with how many findings of a rule were counted past the cap, not made. */
  onDropped: (rule: RuleId, count: number) => void;
}

export interface ReadResult {
  /** Bytes on disk. */
  bytes: number;
  /** Uncompressed bytes read. */
  xmlBytes: number;
  gzip: boolean;
  parser: SitemapParser;
  /** Reading stopped at MAX_XML_BYTES, on this line: the rest of the file was not read. */
  stoppedAt?: number;
  /** Well-formed UTF-8 with the protocol's root and namespace: the XSD pass can run. */
  checkable: boolean;
  /** The uncompressed bytes, when asked for and the file is checkable. */
  xml?: Buffer;
  /** Why the file could not be read, when it could not. */
  unreadable?: string;
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
    rule: ESCAPE_RULE[issue.kind],
    line: issue.line,
    message: `raw ${chars} ${where}${times}: write ${write} (near "${issue.context}")`,
  };
}

async function isGzip(handle: FileHandle): Promise<boolean> {
  const { bytesRead, buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0);
  return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
}

/** Reads, decodes and parses one file. Never throws for a bad file: it says so in the result. */
export async function readSitemap(path: string, options: ReadOptions): Promise<ReadResult> {
  const parser = new SitemapParser();
  const scanner = new EscapeScanner();
  const kept: Buffer[] = [];
  let keep = options.keepXml;
  let xmlBytes = 0;
  let lines = 0;
  let encodingOk = true;
  let feeding = true;
  let stopped = false;
  let utf8: TextDecoder | undefined = new TextDecoder('utf-8', { fatal: true });
  let lenient = new TextDecoder('utf-8');
  const report = (finding: ParseFinding) => options.onFindings([finding]);

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
      report({
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
    const findings = parser.takeFindings();
    if (findings.length > 0) options.onFindings(findings);
    const entries = parser.takeEntries();
    if (entries.length > 0) await options.onEntries(entries, parser.root as RootKind);
  };

  const opened = await openRegularFile(path);
  if ('problem' in opened) {
    return {
      bytes: 0,
      xmlBytes,
      gzip: false,
      parser,
      checkable: false,
      unreadable: opened.problem,
    };
  }
  const { handle, size: bytes } = opened;
  let gzip = false;
  try {
    gzip = await isGzip(handle);
    // A plain file past the limit is never checkable: keep none of its bytes.
    if (!gzip && bytes > MAX_XML_BYTES) keep = false;
    const consume = async (source: AsyncIterable<Buffer>): Promise<void> => {
      for await (const data of source) {
        let chunk = data;
        if (chunk.length > MAX_XML_BYTES - xmlBytes) {
          chunk = chunk.subarray(0, MAX_XML_BYTES - xmlBytes);
          [stopped, keep, kept.length] = [true, false, 0];
        }
        if (xmlBytes === 0 && (chunk[0] === 0xff || chunk[0] === 0xfe || chunk[0] === 0x00)) {
          report({
            rule: 'encoding-utf8',
            line: 1,
            message: 'UTF-16 or UTF-32 bytes: sitemaps are UTF-8',
          });
          [encodingOk, feeding] = [false, false];
        }
        xmlBytes += chunk.length;
        if (keep) kept.push(chunk);
        if (feeding && chunk.length > 0) await feed(decode(chunk));
        if (stopped) break;
      }
    };
    const stream = handle.createReadStream({
      start: 0,
      highWaterMark: READ_CHUNK,
      autoClose: false,
    });
    if (gzip) await pipeline(stream, createGunzip(), consume);
    else await pipeline(stream, consume);
  } catch (error) {
    // Leaving the loop early may end the pipeline with a premature close: not a read error.
    if (!stopped) {
      const unreadable = (error as Error).message;
      return { bytes, xmlBytes, gzip, parser, checkable: false, unreadable };
    }
  } finally {
    await handle.close().catch(() => undefined);
  }
  // A file read only in part was cut anywhere: no end-of-input check (unclosed tags, a cut
  // character), and no scan of the text held back.
  if (feeding && !stopped) {
    await feed(decode(undefined));
    parser.close();
  }
  const findings = parser.takeFindings();
  if (findings.length > 0) options.onFindings(findings);
  const entries = parser.takeEntries();
  if (entries.length > 0) await options.onEntries(entries, parser.root as RootKind);

  const escapes = stopped ? scanner.stop() : scanner.close();
  finishEscapes(escapes, scanner, options);
  const firstAmpersand = escapes.find((issue) => issue.kind === 'ampersand');
  const error = parser.firstError;
  // A raw & derails the parser; its own error then lands later and says less. Keep ours.
  if (error !== undefined && (firstAmpersand === undefined || firstAmpersand.line > error.line)) {
    const message = `${error.message.replace(/\.$/, '')} (the rest of the file was not checked)`;
    report({ rule: 'xml-well-formed', line: error.line, message });
  }
  const checkable =
    !stopped && encodingOk && parser.wellFormed && parser.rootOk && firstAmpersand === undefined;
  const result: ReadResult = { bytes, xmlBytes, gzip, parser, checkable };
  if (stopped) result.stoppedAt = lines + 1;
  if (checkable && keep) result.xml = Buffer.concat(kept);
  return result;
}

/** Hands over the escape scanner's findings, and how many it counted past its cap. */
function finishEscapes(escapes: EscapeIssue[], scanner: EscapeScanner, options: ReadOptions) {
  if (escapes.length > 0) options.onFindings(escapes.map(escapeFinding));
  for (const kind of ['ampersand', 'unescaped'] as const) {
    options.onDropped(ESCAPE_RULE[kind], scanner.dropped[kind]);
  }
}
