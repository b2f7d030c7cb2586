/**
 * One build writes a folder at a time: `.sitemapkit.lock` in the output folder, created
 * exclusively, held while the set is written, removed after. A second build waits for it; a
 * lock whose build is gone (its process no longer runs on this host) is taken over.
 */
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SitemapError } from '../errors.js';
import { createFile, readStart, removeFile } from '../files/write.js';

export const LOCK_NAME = '.sitemapkit.lock';

/** Locks held by this process: a lock file naming this process but not here is stale. */
const held = new Set<string>();

interface LockOwner {
  pid: number;
  host: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

async function readOwner(path: string): Promise<LockOwner | null | 'unknown'> {
  const bytes = await readStart(path, 1024);
  if (bytes === null) return null;
  try {
    const owner = JSON.parse(bytes.toString('utf8')) as LockOwner;
    if (Number.isInteger(owner.pid) && typeof owner.host === 'string') return owner;
  } catch {
    /* being written, or not ours */
  }
  return 'unknown';
}

function isStale(path: string, owner: LockOwner): boolean {
  if (owner.host !== hostname()) return false;
  return owner.pid === process.pid ? !held.has(path) : !isRunning(owner.pid);
}

/**
 * Takes the lock of `outDir`, waiting up to `timeoutMs` for another build to finish; returns
 * the function that releases it.
 */
export async function lockFolder(
  outDir: string,
  timeoutMs = 120_000,
): Promise<() => Promise<void>> {
  const path = join(outDir, LOCK_NAME);
  const started = Date.now();
  let unreadable = 0;
  for (;;) {
    const body = `${JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() })}\n`;
    if (!held.has(path) && (await createFile(path, body))) {
      held.add(path);
      return async () => {
        held.delete(path);
        await removeFile(path);
      };
    }
    const owner = held.has(path) ? 'unknown' : await readOwner(path);
    if (owner !== null && owner !== 'unknown' && isStale(path, owner)) {
      // Read again just before: another waiting build may have taken it over meanwhile.
      const again = await readOwner(path);
      if (again !== null && again !== 'unknown' && again.pid === owner.pid) await removeFile(path);
      continue;
    }
    // A lock file that stays unreadable (not ours, or cut by a kill mid-write) for a while is stale.
    unreadable = owner === 'unknown' && !held.has(path) ? unreadable + 1 : 0;
    if (unreadable > 20) {
      await removeFile(path);
      unreadable = 0;
      continue;
    }
    if (Date.now() - started > timeoutMs) {
      const who = owner && owner !== 'unknown' ? ` (process ${owner.pid} on ${owner.host})` : '';
      throw new SitemapError(
        'locked',
        `sitemapkit: another build${who} has been writing sitemaps to ${outDir} for over ${Math.round(timeoutMs / 1000)} s; if none is running, remove ${path}`,
        { file: path },
      );
    }
    await sleep(50);
  }
}
