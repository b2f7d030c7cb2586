/**
 * Which files of the output folder are pages, and which folders are not walked: the rules of
 * the page walk, the same on the thread that walks and on a helper that walks a share of it.
 */
import type { WalkRules } from './walk-range.js';

const HTML_FILE = /\.html?$/i;

export const PAGE_FILES: WalkRules = {
  accept: (name) => HTML_FILE.test(name),
  skipDir: (name) => name.startsWith('.') || name === 'node_modules',
};
