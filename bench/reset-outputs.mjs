/**
 * Puts the site back to exactly what the generator wrote, so every run starts from the same
 * tree: deletes what earlier runs added (sitemaps in dist/, the baseline's out/, any cache or
 * report next to dist/). Only ever deletes inside the site's own folder under bench/.sites.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

// The git history of the git-dates measurement (site/git-history.mjs) is part of the site.
const SITE_ENTRIES = new Set([
  'dist',
  'src',
  'site.json',
  '.git',
  '.gitignore',
  '.git-blame-ignore-revs',
]);

async function removeExtra(dir, keep) {
  for (const name of await fs.readdir(dir)) {
    if (!keep.has(name)) await fs.rm(path.join(dir, name), { recursive: true, force: true });
  }
}

/** @param {string} root bench/.sites/<N> @param {{ distEntries: string[] }} site its marker */
export async function resetOutputs(root, site) {
  await removeExtra(root, SITE_ENTRIES);
  await removeExtra(path.join(root, 'dist'), new Set(site.distEntries));
}
