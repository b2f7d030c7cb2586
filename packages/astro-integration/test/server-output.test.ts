/**
 * `output: 'server'` with a minimal in-test adapter (no adapter package is installed, and
 * this one never serves): the sitemap goes to the client folder, listing prerendered pages
 * and the on-demand pages whose path is fixed, and nothing of the server build.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { beforeAll, describe, expect, test } from 'vitest';
import sitemap from '../src/index.js';
import { type Built, buildFixture } from './support/astro-build.js';

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
    expect(await built.xmlFiles()).toEqual(['sitemap-0.xml', 'sitemap-index.xml']);
    expect(existsSync(join(built.root, 'dist/server/sitemap-index.xml'))).toBe(false);
    expect(await built.xsdProblems()).toEqual({});
  });

  test('lists prerendered pages, fixed on-demand pages and customPages; no dynamic routes, endpoints or 404', async () => {
    expect((await built.entries('sitemap-0.xml')).map((e) => e.loc)).toEqual([
      `${E}/`,
      `${E}/about/`,
      `${E}/account/`,
      `${E}/landing/`,
      `${E}/shop/`,
    ]);
  });
});
