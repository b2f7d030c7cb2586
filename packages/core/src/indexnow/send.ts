/**
 * Sending URLs to an IndexNow endpoint: batches of at most 10,000 URLs, each POSTed as JSON.
 * A failure is never thrown: it is an outcome, which the caller turns into a warning.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Limits of the exchange. Tests lower them (a smaller batch, a short timeout); nothing else
 * changes them.
 */
export const indexNowTuning = {
  /** URLs per request: IndexNow's maximum. */
  batchSize: 10_000,
  /** How long one request may take (a POST, or one file of the deployed set). */
  timeoutMs: 10_000,
  /** How long reading the whole deployed set may take (`compare: 'deployed'`). */
  deployedBudgetMs: 60_000,
  /** Further tries of a request answered 429 or 5xx. */
  retries: 2,
  /** The wait before a retry when the answer has no `Retry-After`. */
  retryWaitMs: 1_000,
  /** The longest wait a `Retry-After` is honoured up to. */
  maxRetryWaitMs: 5_000,
};

/**
 * `items` cut into runs of at most `size`.
 * @example batches(['a', 'b', 'c'], 2) // [['a', 'b'], ['c']]
 */
export function batches<T>(items: readonly T[], size: number = indexNowTuning.batchSize): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** What IndexNow means by each status it documents (indexnow.org/documentation). */
const MEANING: Record<number, string> = {
  400: 'bad request: the request is malformed',
  403: 'forbidden: the key is not valid (the key file was not found at its location, or does not hold the key)',
  422: 'unprocessable entity: the URLs are not on the host, or the key does not match the protocol',
  429: 'too many requests: the endpoint takes this as spam',
};

export function statusMeaning(status: number): string {
  return MEANING[status] ?? (status >= 500 ? 'the endpoint failed' : 'an unexpected answer');
}

export interface IndexNowRequest {
  host: string;
  key: string;
  keyLocation?: string;
  urlList: string[];
}

export type SendOutcome =
  | { ok: true; status: number }
  | { ok: false; status?: number; reason: string };

/** `Retry-After` (seconds or an HTTP date) in ms, capped; the default wait when absent. */
function retryWait(header: string | null): number {
  const { retryWaitMs, maxRetryWaitMs } = indexNowTuning;
  if (header === null) return Math.min(retryWaitMs, maxRetryWaitMs);
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isNaN(ms) ? retryWaitMs : Math.min(Math.max(ms, 0), maxRetryWaitMs);
}

/** What a failed fetch says of why: the system's code (ECONNREFUSED) where it gives one. */
export function failure(error: unknown): string {
  type Cause = { code?: string; message?: string; errors?: Cause[] };
  const cause = (error as { cause?: Cause }).cause;
  return cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).message;
}

/** POSTs one batch; retries 429 and 5xx answers up to `indexNowTuning.retries` times. */
export async function postBatch(endpoint: string, body: IndexNowRequest): Promise<SendOutcome> {
  const json = JSON.stringify(body);
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: json,
        signal: AbortSignal.timeout(indexNowTuning.timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      const reason =
        name === 'TimeoutError' || name === 'AbortError'
          ? `no answer within ${indexNowTuning.timeoutMs / 1000} s`
          : `the request failed (${failure(error)})`;
      return { ok: false, reason };
    }
    // The body says nothing we act on; read it so the connection is freed.
    await response.arrayBuffer().catch(() => undefined);
    const { status } = response;
    if (status === 200 || status === 202) return { ok: true, status };
    const retryable = status === 429 || status >= 500;
    if (!retryable || attempt >= indexNowTuning.retries) {
      const tries = attempt > 0 ? ` (after ${attempt + 1} tries)` : '';
      return { ok: false, status, reason: `HTTP ${status}, ${statusMeaning(status)}${tries}` };
    }
    await sleep(retryWait(response.headers.get('retry-after')));
  }
}
