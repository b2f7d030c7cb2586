/**
 * `output: 'server'` with a minimal in-test adapter (no adapter package is installed, and
 * this one never serves): the sitemap goes to the client folder, listing prerendered pages
 * and the on-demand pages whose path is fixed, and nothing of the server build.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { beforeAll, describe, expect, test } from 'vitest';
import sitemap from '../src/index.js';
import {
  type Built,
  buildFixture,
  buildRoot,
  copyFixture,
  expectShards,
  fixturePath,
} from './support/astro-build.js';

const E = 'https://example.com';

/** Just enough of an adapter for `astro build` to produce server output. */
function testAdapter(): AstroIntegration {
  return {
    name: 'test-adapter',
    hooks: {
      'astro:config:done': ({ config, setAdapter }) => {
        setAdapter({
          name: 'test-adapter',
          serverEntrypoint: new URL('adapter-entry.mjs', config.root),
          entrypointResolution: 'auto',
          supportedAstroFeatures: {
            serverOutput: 'stable',
            staticOutput: 'stable',
            hybridOutput: 'stable',
          },
        });
      },
    },
  };
}

describe('server output', () => {
  let built: Built;
  beforeAll(async () => {
    built = await buildFixture('server', {
      site: E,
      output: 'server',
      adapter: testAdapter(),
      integrations: [sitemap({ customPages: [`${E}/landing/`] })],
    });
  });

  test('writes the sitemaps into the client folder, and only there', async () => {
    expect(built.outDir).toBe(join(built.root, 'dist/client'));
    await expectShards(built);
    expect(existsSync(join(built.root, 'dist/server/sitemap-index.xml'))).toBe(false);
    expect(
      (await readdir(join(built.root, 'dist/server'))).filter((f) => f.startsWith('sitemap')),
    ).toEqual([]);
    expect(await built.xsdProblems()).toEqual({});
  });

  test('lists prerendered pages, fixed on-demand pages and customPages; no dynamic routes, endpoints or 404', async () => {
    const [shard = ''] = await expectShards(built);
    expect((await built.entries(shard)).map((e) => e.loc)).toEqual([
      `${E}/`,
      `${E}/about/`,
      `${E}/account/`,
      `${E}/landing/`,
      `${E}/shop/`,
    ]);
  });
});

describe('server output under a base, trailingSlash never', () => {
  test("an on-demand root page gets the core's URL, the one the location rule allows", async () => {
    const root = await copyFixture(fixturePath('server'), 'server-base-never');
    // The home page rendered on demand: no file, so its URL is made from its route.
    const index = join(root, 'src/pages/index.astro');
    await writeFile(
      index,
      (await readFile(index, 'utf8')).replace('export const prerender = true;', ''),
    );
    const built = await buildRoot(
      root,
      {
        site: E,
        base: '/docs',
        trailingSlash: 'never',
        output: 'server',
        adapter: testAdapter(),
        integrations: [sitemap()],
      },
      'dist/client',
    );
    const [shard = ''] = await expectShards(built);
    expect(await built.entries('sitemap-index.xml')).toEqual([
      expect.objectContaining({ loc: `${E}/docs/${shard}` }),
    ]);
    const locs = (await built.entries(shard)).map((e) => e.loc);
    // The root keeps its slash under a base (the sitemap is served from /docs/); the rest follow
    // the policy, on-demand or not.
    expect(locs).toContain(`${E}/docs/`);
    expect(locs).toContain(`${E}/docs/account`);
    expect(locs.every((loc) => loc === `${E}/docs/` || !loc.endsWith('/'))).toBe(true);
    expect(await built.xsdProblems()).toEqual({});
  });
});
