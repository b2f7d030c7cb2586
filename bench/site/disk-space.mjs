/** Will the tree fit? Estimates its size on disk and compares with the free space (statfs = df). */
import fs from 'node:fs/promises';
import path from 'node:path';

const KIB = 1024;
const GIB = 1024 ** 3;
/** Left free for the other people on this disk, on top of the tree. */
const RESERVE_BYTES = 5 * GIB;
/**
 * Bytes on disk per page (ext4, 4 KiB blocks): its own directory, its index.html rounded up to
 * blocks, its Markdown source, a share of parent dirs. `du` measured 27 KiB (full) and 13 KiB
 * (small) per page on generated trees; these add ~15% for other file systems.
 */
const BYTES_PER_PAGE = { full: 31 * KIB, small: 15 * KIB };
/** Inodes per page: its directory, its index.html, its source. */
const INODES_PER_PAGE = 3.1;

function formatGib(bytes) {
  return `${(bytes / GIB).toFixed(1)} GiB`;
}

async function nearestExisting(dir) {
  let current = dir;
  for (;;) {
    try {
      await fs.access(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

/**
 * Throws a clear error when `pages` pages would not fit under `dir` with room to spare.
 * @returns {Promise<{ neededBytes: number, freeBytes: number }>}
 */
export async function assertTreeFits(dir, { pages, smallPages }) {
  const neededBytes = pages * BYTES_PER_PAGE[smallPages ? 'small' : 'full'];
  const neededInodes = Math.ceil(pages * INODES_PER_PAGE);
  const where = await nearestExisting(dir);
  const stats = await fs.statfs(where);
  const freeBytes = stats.bavail * stats.bsize;
  if (neededBytes + RESERVE_BYTES > freeBytes) {
    const hint =
      smallPages || pages < 500_000
        ? 'Free some space or use fewer pages.'
        : 'Try --small-pages (2-4 KB pages).';
    throw new Error(
      `Not enough disk for ${pages.toLocaleString('en-US')} pages: the tree needs about ${formatGib(neededBytes)} ` +
        `plus ${formatGib(RESERVE_BYTES)} kept free, and ${where} has ${formatGib(freeBytes)} free ` +
        `(see \`df -h ${where}\`). ${hint}`,
    );
  }
  if (neededInodes > stats.ffree) {
    throw new Error(
      `Not enough inodes for ${pages.toLocaleString('en-US')} pages: need about ${neededInodes.toLocaleString('en-US')}, ` +
        `${where} has ${stats.ffree.toLocaleString('en-US')} free (see \`df -i ${where}\`).`,
    );
  }
  return { neededBytes, freeBytes };
}
