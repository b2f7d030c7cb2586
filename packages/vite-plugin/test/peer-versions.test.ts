/**
 * The peer range: the same multi-page build on Vite 6 and Vite 7 (Vite 8 is what the other tests
 * run on). Each writes the sitemap once, for the client build only, before `build()` resolves.
 */
import { readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { onlyShard, setFiles } from '../../core/test/helpers/xml.js';
import { sitemap } from '../src/index.js';
import {
  captureLogger,
  copyFixture,
  htmlInputs,
  removeCopy,
  sitemapkitLines,
} from './helpers/vite-build.js';
import { readLocs, validateSitemapDir } from './helpers/xsd.js';

const SITE = 'https://example.com';

interface ViteModule {
  version: string;
  build: (config: Record<string, unknown>) => Promise<unknown>;
}

const VERSIONS: Array<[string, () => Promise<ViteModule>]> = [
  ['6', () => import('vite6') as Promise<ViteModule>],
  ['7', () => import('vite7') as Promise<ViteModule>],
];

let root = '';
afterEach(async () => {
  await removeCopy(root);
});

describe.each(VERSIONS)('Vite %s', (major, load) => {
  test('a multi-page build under a base: listed once, valid, SSR build ignored', async () => {
    const vite = await load();
    expect(vite.version.split('.')[0]).toBe(major);
    root = await copyFixture('mpa');
    const { logger, lines } = captureLogger();
    const config = (extra: Record<string, unknown>) => ({
      configFile: false,
      root,
      base: '/app/',
      logLevel: 'warn',
      customLogger: logger,
      plugins: [sitemap({ site: SITE })],
      ...extra,
    });
    await vite.build(config({ build: { rollupOptions: { input: await htmlInputs(root) } } }));
    const out = join(root, 'dist');
    const shard = await onlyShard(out);
    expect(shard).toMatch(/\/sitemap-0-[0-9a-f]{8}\.xml$/);
    expect(await setFiles(out)).toEqual([basename(shard), 'sitemap-index.xml']);
    expect(await readLocs(shard)).toEqual([
      `${SITE}/app/`,
      `${SITE}/app/%C3%BCber-uns.html`,
      `${SITE}/app/about.html`,
      `${SITE}/app/blog/first-post.html`,
      `${SITE}/app/caf%C3%A9/`,
      `${SITE}/app/docs/`,
      `${SITE}/app/docs/guide/`,
    ]);
    expect(await validateSitemapDir(out)).toEqual([]);
    expect(sitemapkitLines(lines).filter((l) => l.startsWith('info:'))).toHaveLength(1);

    // An SSR build into the same folder must not write or touch the sitemap.
    const before = await readFile(shard, 'utf8');
    await rm(join(out, 'sitemap-index.xml'));
    await vite.build(
      config({ build: { ssr: join(root, 'src/main.js'), outDir: 'dist', emptyOutDir: false } }),
    );
    expect(await readFile(shard, 'utf8')).toBe(before);
    await expect(readFile(join(out, 'sitemap-index.xml'))).rejects.toThrow();
    expect(await setFiles(out)).toEqual([basename(shard)]);
  });
});
