import { basename } from 'node:path';
import { SitemapError } from '../errors.js';
import { createFile, kindAt, readStart } from '../files/write.js';
import type { IndexNowResult, SitemapWarning } from '../types.js';
import { readDeployed } from './deployed.js';
import type { ResolvedIndexNow } from './options.js';
import { batches, type IndexNowRequest, postBatch } from './send.js';
import {
  changedUrls,
  checkStateFile,
  readState,
  stateOf,
  type UrlState,
  writeState,
} from './state.js';

/**
 * Why this build is a preview that must not tell search engines anything, or null. Only what a
 * host says for sure: Netlify's `CONTEXT` (production, deploy-preview, branch-deploy, dev) and
 * Vercel's `VERCEL_ENV` (production, preview, development). Cloudflare Pages gives the branch
 * (`CF_PAGES_BRANCH`) but not which branch is production, so it cannot be told apart there.
 * @example previewReason({ CONTEXT: 'deploy-preview' }) // 'a preview build (CONTEXT=deploy-preview)'
 */
export function previewReason(env: Record<string, string | undefined>): string | null {
  for (const name of ['CONTEXT', 'VERCEL_ENV']) {
    const value = env[name];
    if (value !== undefined && value !== '' && value !== 'production')
      return `a preview build (${name}=${value})`;
  }
  return null;
}

/**
 * Throws when a file is where the key file goes and does not hold the key: not ours, so left as
 * it is. Called before the set is written, so such a build changes nothing.
 */
export async function checkKeyFile(
  config: ResolvedIndexNow,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  if (config.dryRun || previewReason(env)) return;
  if (config.compare !== 'deployed') await checkStateFile(config.stateFile);
  const path = config.keyFile;
  if (!path || (await kindAt(path)) === 'missing') return;
  const bytes = await readStart(path, 1024);
  if (bytes?.toString('utf8').trim() === config.key) return;
  throw new SitemapError(
    'foreign-file',
    `sitemapkit: ${path} is there already and does not hold the IndexNow key \`indexNow.key\`; it was left as it is. Remove it, or set \`indexNow.keyLocation\` to where your key file is served`,
    { option: 'indexNow', file: path },
  );
}

/**
 * Writes the key file, `<key>.txt` holding the key, unless a file of that name holds the key
 * already (a copy from `public/`, or the last build's).
 */
async function ensureKeyFile(config: ResolvedIndexNow, path: string): Promise<void> {
  if (await createFile(path, config.key)) return;
  await checkKeyFile(config);
}

/** The listed entries: what each sitemap says of its URLs. */
type Entries = Iterable<{ url: string; lastmod?: unknown }>;

/**
 * Sends what changed since the last build; `entries` are every URL listed by this build.
 * @param env where a preview build is told apart (process.env)
 */
export async function runIndexNow(
  config: ResolvedIndexNow,
  entries: Entries,
  warnings: SitemapWarning[],
  env: Record<string, string | undefined> = process.env,
): Promise<IndexNowResult> {
  const { dryRun, endpoint } = config;
  const result = (fields: Partial<IndexNowResult>): IndexNowResult => ({
    sent: 0,
    batches: 0,
    dryRun,
    endpoint,
    ...fields,
  });
  const preview = previewReason(env);
  if (preview) return result({ skipped: `${preview}: nothing sent` });

  const current = stateOf(entries);
  if (!dryRun && config.keyFile) await ensureKeyFile(config, config.keyFile);
  const deployed = config.compare === 'deployed';
  let previous: UrlState | null;
  if (deployed) {
    const found = await readDeployed(config.deployed);
    if (found.kind === 'failed') {
      warnings.push({
        code: 'indexnow-failed',
        message: `IndexNow: the deployed sitemaps could not be read (${found.url}: ${found.reason}), so what changed is not known and nothing was sent`,
        url: found.url,
      });
      return result({ skipped: 'the deployed sitemaps could not be read: nothing sent' });
    }
    if (found.kind === 'set') previous = found.state;
    else if (config.initial === 'all') previous = null;
    else
      return result({
        skipped: `first deploy: ${found.url} is not on the site yet, nothing sent (later builds send what changed from the deployed sitemaps)`,
      });
  } else {
    previous = await readState(config.stateFile, config.host);
    if (previous === null && config.initial !== 'all') {
      if (dryRun)
        return result({
          skipped: 'first build: nothing would be sent (dry run: no state recorded)',
        });
      await writeState(config.stateFile, config.host, current);
      return result({
        skipped: `first build: state recorded in ${basename(config.stateFile)}, nothing sent (later builds send what changed)`,
      });
    }
  }
  const urls = changedUrls(previous ?? new Map(), current);
  if (urls.length === 0)
    return result({
      skipped: deployed
        ? 'no URL changed from the deployed sitemaps'
        : 'no URL changed since the last build',
    });
  const runs = batches(urls);
  if (dryRun) return result({ sent: urls.length, batches: runs.length, urls });

  const accepted: string[] = [];
  let done = 0;
  for (const urlList of runs) {
    const body: IndexNowRequest = {
      host: config.host,
      key: config.key,
      ...(config.keyLocation ? { keyLocation: config.keyLocation } : {}),
      urlList,
    };
    const outcome = await postBatch(endpoint, body);
    if (!outcome.ok) {
      const left = urls.length - accepted.length;
      const keyHint =
        outcome.status === 403
          ? ` Check \`indexNow.key\` and that ${config.keyLocation ?? `${config.key}.txt at the site's root`} is served with the key.`
          : '';
      warnings.push({
        code: 'indexnow-failed',
        message: `IndexNow: ${endpoint} did not take ${left} changed URL${left === 1 ? '' : 's'}: ${outcome.reason}.${keyHint} ${deployed ? "With `compare: 'deployed'` nothing is recorded: once this build is deployed, they no longer differ from the site and are not sent again" : 'They are sent again after the next build'}`,
        url: endpoint,
      });
      break;
    }
    for (const url of urlList) accepted.push(url);
    done++;
  }
  // The state is the record of what was accepted; the deployed set needs none.
  if (!deployed && (accepted.length > 0 || previous === null)) {
    const next: UrlState = previous ?? new Map();
    for (const url of accepted) {
      const lastmod = current.get(url);
      if (lastmod === undefined) next.delete(url);
      else next.set(url, lastmod);
    }
    await writeState(config.stateFile, config.host, next);
  }
  const pending = urls.length - accepted.length;
  return result({ sent: accepted.length, batches: done, ...(pending > 0 ? { pending } : {}) });
}
