/** Temp fixture trees built from an object: `{ 'dist/index.html': '<html>…' }`. */
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

export type Tree = Record<string, string | Buffer>;

const made: string[] = [];
/**
 * Removing the trees can take longer than a hook's 10 s on a busy disk (the thread tests make
 * sites of thousands of files): a slow cleanup is not a failed test file.
 */
const CLEANUP_MS = 120_000;
afterAll(async () => {
  // Retried: a process a test started may still be closing files in the tree.
  const remove = (dir: string) =>
    rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  await Promise.all(made.map(remove));
}, CLEANUP_MS);

/** Writes `tree` under a new temp folder (removed after the test file) and returns its path. */
export async function makeTree(tree: Tree): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'sitemapkit-'));
  made.push(root);
  await writeTree(root, tree);
  return root;
}

export async function writeTree(root: string, tree: Tree): Promise<void> {
  for (const [path, content] of Object.entries(tree)) {
    const full = join(root, path);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, content);
  }
}

/** Sets a file's modification time. */
export async function setMtime(path: string, iso: string): Promise<void> {
  const t = new Date(iso);
  await utimes(path, t, t);
}

/** A small HTML page with the given head content. */
export function page(head = '', body = '<p>content</p>'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title>${head}</head><body>${body}</body></html>`;
}
