/**
 * What the last build told IndexNow about: every URL it accepted, with the lastmod it had then.
 * Stored as sorted `url<TAB>lastmod` lines, gzipped, after a header naming the host: about
 * 3 MB for a million URLs (some 4 s to read, compare and write). A removed URL must be sent
 * too, so the URLs themselves are kept, not hashes of them.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { SitemapError } from '../errors.js';
import { readStart, writeFileAtomic } from '../files/write.js';

const HEADER = 'sitemapkit-indexnow 1';
/** A state file larger than this is not ours (1M URLs take about a tenth of it). */
const MAX_STATE_BYTES = 512 * 1024 * 1024;

/** URL -> lastmod (`''` when it has none). */
export type UrlState = Map<string, string>;

/** The entries' state: `url -> lastmod`. */
export function stateOf(entries: Iterable<{ url: string; lastmod?: unknown }>): UrlState {
  const state: UrlState = new Map();
  for (const { url, lastmod } of entries) {
    state.set(
      url,
      lastmod instanceof Date ? lastmod.toISOString() : lastmod ? String(lastmod) : '',
    );
  }
  return state;
}

/**
 * The URLs whose entry differs between two states: added, removed, or with another lastmod.
 * Sorted, so batches and tests see one order.
 * @example changedUrls(new Map([['a', '1'], ['b', '']]), new Map([['a', '2'], ['c', '']])) // ['a', 'b', 'c']
 */
export function changedUrls(previous: UrlState, current: UrlState): string[] {
  const changed: string[] = [];
  for (const [url, lastmod] of current) if (previous.get(url) !== lastmod) changed.push(url);
  for (const url of previous.keys()) if (!current.has(url)) changed.push(url);
  return changed.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function encodeState(host: string, state: UrlState): Buffer {
  const urls = [...state.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const lines = [`${HEADER} ${host}`];
  for (const url of urls) lines.push(`${url}\t${state.get(url)}`);
  return gzipSync(`${lines.join('\n')}\n`);
}

/** The state in `bytes` for `host`; null when they are not a state file of this host. */
export function decodeState(host: string, bytes: Buffer): UrlState | null {
  let text: string;
  try {
    text = gunzipSync(bytes).toString('utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  if (lines[0] !== `${HEADER} ${host}`) return null;
  const state: UrlState = new Map();
  for (const line of lines.slice(1)) {
    if (line === '') continue;
    const tab = line.indexOf('\t');
    if (tab === -1) return null;
    state.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return state;
}

/** Whether `bytes` start as a state file of ours (any host). */
function isStateFile(bytes: Buffer): boolean {
  try {
    const start = gunzipSync(bytes.subarray(0, 4096), { finishFlush: constants.Z_SYNC_FLUSH });
    return start.toString('utf8').startsWith(`${HEADER} `);
  } catch {
    return false;
  }
}

/**
 * The state recorded at `path` for `host`; null when there is none (or it is another host's).
 * Throws when a file there is not a state file: it is someone's, never to be replaced.
 */
export async function readState(path: string, host: string): Promise<UrlState | null> {
  const bytes = await readStart(path, MAX_STATE_BYTES);
  if (bytes === null || bytes.length === 0) return null;
  refuseForeign(path, bytes);
  return decodeState(host, bytes);
}

/** Throws when the file at `path` is there and is not a state file (read before any write). */
export async function checkStateFile(path: string): Promise<void> {
  const bytes = await readStart(path, 4096);
  if (bytes !== null && bytes.length > 0) refuseForeign(path, bytes);
}

function refuseForeign(path: string, bytes: Buffer): void {
  if (!isStateFile(bytes)) {
    throw new SitemapError(
      'foreign-file',
      `sitemapkit: ${path} is there already and is not an IndexNow state file of sitemapkit; it was left as it is. Point \`indexNow.stateFile\` at another file`,
      { option: 'indexNow.stateFile', file: path },
    );
  }
}

export async function writeState(path: string, host: string, state: UrlState): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, encodeState(host, state));
}
