/**
 * The set as deployed, for `indexNow.compare: 'deployed'`: the live site's index
 * (`<site><base><filenameBase>-index.xml`, and its numbered followers when it is full) and each
 * sitemap it lists on the site's own origin, read into `url -> lastmod`. The build runs before
 * the deploy, so the live site holds the previous build's set: what this build is compared with.
 *
 * Bounded: at most 50,000 sitemaps, each read as a stream and stopped past 50 MiB uncompressed
 * (gzip is recognised by its magic bytes, whatever the name or headers say), each request given
 * `indexNowTuning.timeoutMs` and all of them `indexNowTuning.deployedBudgetMs`. XML goes through
 * saxes, which expands no external entity. Never throws: a failure is an outcome naming the URL.
 */
import { saxes as saxesLibrary } from '../dependencies.js';
import { CURRENT_MAX_BYTES_PER_SITEMAP } from '../limits.js';
import { failure, indexNowTuning } from './send.js';
import type { UrlState } from './state.js';

/** The most sitemaps followed: the protocol's limit for one index. */
export const MAX_DEPLOYED_SITEMAPS = 50_000;
/** The most uncompressed bytes read of one file: the protocol's limit for one sitemap. */
const MAX_DOCUMENT_BYTES = CURRENT_MAX_BYTES_PER_SITEMAP;

export interface DeployedWhere {
  /** The deployed index's URL: `<site><base><filenameBase>-index.xml`. */
  indexUrl: string;
  /** A full index (this many sitemaps) may have a follower, `...-index-1.xml`: it is read too. */
  maxSitemapsPerIndex: number;
  /** Sitemaps listed but not ours (`customSitemaps`): their URLs are not this build's to diff. */
  notFollowed: readonly string[];
}

export type Deployed =
  /** The deployed set, and how many sitemaps it was read from. */
  | { kind: 'set'; state: UrlState; sitemaps: number }
  /** No index there (404 or 410): the first deploy. */
  | { kind: 'none'; url: string }
  /** The set could not be read whole: nothing can be compared. */
  | { kind: 'failed'; url: string; reason: string };

type Root = 'sitemapindex' | 'urlset';

interface Entry {
  loc: string;
  lastmod: string;
}

class ReadFailure extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * A push parser keeping only `<loc>` and `<lastmod>` of each `<url>` (or `<sitemap>`) directly in
 * the root: image and video `<loc>`s sit deeper and are not taken.
 */
class LocReader {
  root: Root | undefined;
  private readonly saxes = new (saxesLibrary().SaxesParser)({ xmlns: true });
  private depth = 0;
  private ns = '';
  private field: 'loc' | 'lastmod' | null = null;
  private entry: Entry | null = null;

  constructor(onEntry: (entry: Entry) => void) {
    const p = this.saxes;
    p.on('opentag', (tag) => {
      this.depth++;
      if (this.depth === 1) {
        if (tag.local !== 'sitemapindex' && tag.local !== 'urlset')
          throw new Error(`its root is <${tag.name}>, not <sitemapindex> or <urlset>`);
        this.root = tag.local;
        this.ns = tag.uri;
      } else if (this.depth === 2 && tag.uri === this.ns) {
        this.entry = { loc: '', lastmod: '' };
      } else if (this.depth === 3 && this.entry && tag.uri === this.ns) {
        this.field = tag.local === 'loc' || tag.local === 'lastmod' ? tag.local : null;
      }
    });
    p.on('text', (text) => this.take(text));
    p.on('cdata', (text) => this.take(text));
    p.on('closetag', () => {
      if (this.depth === 3) this.field = null;
      if (this.depth === 2 && this.entry) {
        const entry = { loc: this.entry.loc.trim(), lastmod: this.entry.lastmod.trim() };
        this.entry = null;
        if (entry.loc !== '') onEntry(entry);
      }
      this.depth--;
    });
  }

  private take(text: string): void {
    if (this.entry && this.field && this.depth === 3) this.entry[this.field] += text;
  }

  /** Throws on XML that is not well-formed, or whose root is not the protocol's. */
  write(text: string): void {
    this.saxes.write(text);
  }

  close(): void {
    this.saxes.close();
    if (this.root === undefined) throw new Error('it holds no XML element');
  }
}

/** `body` as a stream, gunzipped when its first bytes are gzip's magic. */
async function unzipped(
  body: ReadableStream<Uint8Array>,
): Promise<AsyncIterable<Uint8Array> & ReadableStream<Uint8Array>> {
  const reader = body.getReader();
  let head = new Uint8Array(0);
  let done = false;
  while (head.length < 2 && !done) {
    const next = await reader.read();
    if (next.done) done = true;
    else head = Buffer.concat([head, next.value]);
  }
  const whole = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head.length > 0) controller.enqueue(head);
      if (done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  const stream = gzip
    ? whole.pipeThrough(new DecompressionStream('gzip') as ReadableWritablePair<Uint8Array>)
    : whole;
  return stream as AsyncIterable<Uint8Array> & ReadableStream<Uint8Array>;
}

/**
 * Fetches one file and hands each entry over; 'missing' when the server says it is not there
 * (404, 410). Throws a ReadFailure naming the URL and why.
 */
async function readDocument(
  url: string,
  host: string,
  budget: AbortSignal,
  onEntry: (entry: Entry) => void,
): Promise<Root | 'missing'> {
  const { timeoutMs, deployedBudgetMs } = indexNowTuning;
  const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), budget]);
  const why = (error: unknown): string => {
    const name = (error as { name?: string }).name;
    if (name !== 'TimeoutError' && name !== 'AbortError')
      return `the request failed (${failure(error)})`;
    return budget.aborted
      ? `the deployed sitemaps took more than ${deployedBudgetMs / 1000} s in all`
      : `no answer within ${timeoutMs / 1000} s`;
  };
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { Accept: 'application/xml, text/xml, */*' } });
  } catch (error) {
    throw new ReadFailure(url, why(error));
  }
  try {
    if (response.status === 404 || response.status === 410) return 'missing';
    if (response.status !== 200) throw new ReadFailure(url, `HTTP ${response.status}`);
    const final = response.url ? new URL(response.url).host : host;
    if (final !== host)
      throw new ReadFailure(url, `it redirects to another host (${final}), not followed`);
    if (!response.body) throw new ReadFailure(url, 'the answer has no body');
    const parser = new LocReader(onEntry);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let bytes = 0;
    try {
      for await (const chunk of await unzipped(response.body)) {
        bytes += chunk.length;
        if (bytes > MAX_DOCUMENT_BYTES)
          throw new ReadFailure(url, `it is larger than ${MAX_DOCUMENT_BYTES} bytes uncompressed`);
        parser.write(decoder.decode(chunk, { stream: true }));
      }
      parser.write(decoder.decode());
      parser.close();
    } catch (error) {
      if (error instanceof ReadFailure) throw error;
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError' || signal.aborted)
        throw new ReadFailure(url, why(signal.reason ?? error));
      const message = (error as Error).message ?? String(error);
      const kind =
        name === 'TypeError' && /decod|gzip|zlib|incorrect header|compress/i.test(message)
          ? 'it is not valid UTF-8 or gzip'
          : `it is not a readable sitemap: ${message.split('\n')[0]}`;
      throw new ReadFailure(url, kind);
    }
    return parser.root as Root;
  } finally {
    // What is left unread is dropped, so the connection is freed.
    await response.body?.cancel().catch(() => undefined);
  }
}

/** `indexUrl`'s follower number `n`: `sitemap-index.xml` -> `sitemap-index-1.xml`. */
function followerOf(indexUrl: string, n: number): string {
  return indexUrl.replace(/\.xml$/, `-${n}.xml`);
}

/**
 * Reads the deployed set. Index files first (the one at `indexUrl`, then while each is full its
 * follower), then every sitemap they list on the site's origin, one at a time.
 */
export async function readDeployed(where: DeployedWhere): Promise<Deployed> {
  const site = new URL(where.indexUrl);
  const budget = AbortSignal.timeout(indexNowTuning.deployedBudgetMs);
  const notFollowed = new Set(where.notFollowed);
  const sitemaps: string[] = [];
  const seen = new Set<string>();
  /** Sitemaps listed by the index files, followed or not: at most MAX_DEPLOYED_SITEMAPS. */
  let listed = 0;
  const state: UrlState = new Map();
  const addUrl = ({ loc, lastmod }: Entry) => {
    // URLs of another host were never this site's to send.
    if (loc.startsWith(`${site.origin}/`)) state.set(loc, lastmod);
  };
  try {
    for (let n = 0; ; n++) {
      const url = n === 0 ? where.indexUrl : followerOf(where.indexUrl, n);
      const found: Entry[] = [];
      const root = await readDocument(url, site.host, budget, (entry) => {
        found.push(entry);
      });
      if (root === 'missing') {
        if (n === 0) return { kind: 'none', url };
        break;
      }
      if (root === 'urlset') {
        // One sitemap where the index goes (not ours, but a set all the same).
        if (n > 0) throw new ReadFailure(url, 'its root is <urlset>, not <sitemapindex>');
        for (const entry of found) addUrl(entry);
        return { kind: 'set', state, sitemaps: 1 };
      }
      listed += found.length;
      if (listed > MAX_DEPLOYED_SITEMAPS)
        throw new ReadFailure(url, `the index lists more than ${MAX_DEPLOYED_SITEMAPS} sitemaps`);
      for (const { loc } of found) {
        let target: URL;
        try {
          target = new URL(loc);
        } catch {
          continue; // not an absolute URL: not one of ours
        }
        // Only the site's own sitemaps: another origin's, or another tool's, list other URLs.
        if (target.origin !== site.origin || notFollowed.has(loc) || seen.has(loc)) continue;
        seen.add(loc);
        sitemaps.push(loc);
      }
      if (found.length < where.maxSitemapsPerIndex) break;
    }
    for (const url of sitemaps) {
      const root = await readDocument(url, site.host, budget, addUrl);
      if (root === 'missing')
        throw new ReadFailure(url, 'the index lists it, but the server says it is not there');
      if (root !== 'urlset') throw new ReadFailure(url, 'its root is <sitemapindex>, not <urlset>');
    }
  } catch (error) {
    if (error instanceof ReadFailure)
      return { kind: 'failed', url: error.url, reason: error.reason };
    return { kind: 'failed', url: where.indexUrl, reason: (error as Error).message };
  }
  return { kind: 'set', state, sitemaps: sitemaps.length };
}
