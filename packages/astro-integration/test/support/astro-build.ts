/**
 * Runs the real `astro build` on a copy of a fixture under `.test-output/` (inside this
 * package), so every source file carries the same fresh modification time, as after a clone.
 * Log events of this integration are captured through an Astro log handler.
 */
import { cp, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AstroInlineConfig, build } from 'astro';
import { expect } from 'vitest';
import { shardFiles, shardName } from '../../../core/test/helpers/xml.js';
import { type Entry, parseEntries, xsdErrors } from './sitemap-xml.js';

export const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = join(PACKAGE_DIR, 'test/fixtures');
const OUTPUT = join(PACKAGE_DIR, '.test-output');
const CAPTURE_LOGGER = new URL('./capture-logger.mjs', import.meta.url);
const XML_FILE = /\.xml$/;
const SITEMAP_ROOT = /<(urlset|sitemapindex)[\s>]/;

export interface LogEvent {
  level: string;
  label: string | null;
  message: string;
}

declare global {
  var __sitemapkitLogEvents: LogEvent[] | undefined;
}

export interface Built {
  root: string;
  /** Folder the sitemaps are expected in (the client folder for server output). */
  outDir: string;
  /** Events logged by @sitemapkit/astro. */
  logs: LogEvent[];
  /** Names of the sitemap and sitemap index files in `outDir`, sorted. */
  xmlFiles(): Promise<string[]>;
  /**
   * Names of the sitemaps `index` (in `outDir`) lists, in index order; each is checked to be
   * on disk and named by the hash of its content.
   */
  shards(index?: string): Promise<string[]>;
  read(name: string): Promise<string>;
  entries(name: string): Promise<Entry[]>;
  /** XSD errors of every sitemap file in `outDir`, by file name (empty when all are valid). */
  xsdProblems(): Promise<Record<string, string[]>>;
}

/** Copies `test/fixtures/<fixture>` (or any folder) to `.test-output/<name>`, minus build leftovers. */
export async function copyFixture(from: string, name: string): Promise<string> {
  const root = join(OUTPUT, name);
  await rm(root, { recursive: true, force: true });
  await cp(from, root, {
    recursive: true,
    filter: (src) => !/[\\/](node_modules|dist|\.astro)$/.test(src),
  });
  return root;
}

export function fixturePath(fixture: string): string {
  return join(FIXTURES, fixture);
}

/** Builds a prepared root; rejects as `astro build` does. */
export async function buildRoot(
  root: string,
  config: AstroInlineConfig = {},
  clientDir = 'dist',
): Promise<Built> {
  return buildRootWith(
    build as (config: Record<string, unknown>) => Promise<void>,
    root,
    config,
    clientDir,
  );
}

/** `buildRoot` with another Astro's `build` (the peer-version tests). */
export async function buildRootWith(
  astroBuild: (config: Record<string, unknown>) => Promise<void>,
  root: string,
  config: AstroInlineConfig | Record<string, unknown> = {},
  clientDir = 'dist',
): Promise<Built> {
  globalThis.__sitemapkitLogEvents = [];
  await astroBuild({
    root,
    logLevel: 'info',
    logger: { entrypoint: CAPTURE_LOGGER },
    ...config,
  });
  const outDir = join(root, clientDir);
  const logs = (globalThis.__sitemapkitLogEvents ?? []).filter(
    (e) => e.label === '@sitemapkit/astro',
  );
  const read = (name: string) => readFile(join(outDir, name), 'utf8');
  const xmlFiles = async () => {
    const names = (await readdir(outDir)).filter((n) => XML_FILE.test(n)).sort();
    const roots = await Promise.all(names.map(async (n) => SITEMAP_ROOT.test(await read(n))));
    return names.filter((_, i) => roots[i]);
  };
  return {
    root,
    outDir,
    logs,
    xmlFiles,
    shards: (index) => shardFiles(outDir, index),
    read,
    entries: async (name) => parseEntries(await read(name)),
    xsdProblems: async () => {
      const problems: Record<string, string[]> = {};
      for (const name of await xmlFiles()) {
        const errors = await xsdErrors(name, await read(name));
        if (errors.length > 0) problems[name] = errors;
      }
      return problems;
    },
  };
}

/** Copies a fixture to `.test-output/<name>` and builds it. */
export async function buildFixture(
  fixture: string,
  config: AstroInlineConfig = {},
  name = fixture,
): Promise<Built> {
  const root = await copyFixture(fixturePath(fixture), name);
  return buildRoot(root, config, config.output === 'server' ? 'dist/client' : 'dist');
}

/** The `<loc>` of every entry of a file. */
export async function locs(built: Built, name: string): Promise<string[]> {
  return (await built.entries(name)).map((e) => e.loc);
}

/**
 * Expects the index to list one sitemap matching each of `names`, in order, and the index and
 * those sitemaps to be every sitemap file in `outDir`; returns the sitemaps' names.
 */
export async function expectShards(
  built: Built,
  names: RegExp[] = [shardName('sitemap', 0)],
  index = 'sitemap-index.xml',
): Promise<string[]> {
  const shards = await built.shards(index);
  expect(shards).toEqual(names.map((name) => expect.stringMatching(name)));
  expect(await built.xmlFiles()).toEqual([...shards, index].sort());
  return shards;
}
