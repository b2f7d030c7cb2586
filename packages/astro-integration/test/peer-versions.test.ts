/**
 * The peer range: the same static build on Astro 5 (Astro 7 is what the other tests run on):
 * hooks, config reading and output folder are that version's own. Astro 6 is not here: Astro
 * 6.4.8, installed beside Astro 7, fails its own build of this fixture with no integration at
 * all (`Cannot read properties of undefined (reading 'routeCache')` in its static-paths step).
 */
import { describe, expect, test } from 'vitest';
import sitemap from '../src/index.js';
import {
  buildRootWith,
  copyFixture,
  expectShards,
  fixturePath,
  locs,
} from './support/astro-build.js';

const E = 'https://example.com';

interface AstroModule {
  build: (config: Record<string, unknown>) => Promise<void>;
}

const VERSIONS: Array<[string, () => Promise<AstroModule>]> = [
  ['5', () => import('astro5') as Promise<AstroModule>],
];

describe.each(VERSIONS)('Astro %s', (major, load) => {
  test('a static build lists the pages and leaves out 404, noindex and endpoints', async () => {
    const astro = await load();
    const root = await copyFixture(fixturePath('basic'), `peer-astro-${major}`);
    // Astro 5 logs through its own logger (the capturing one is Astro 7's API).
    const built = await buildRootWith(astro.build, root, {
      site: E,
      integrations: [sitemap()],
      logger: undefined,
      logLevel: 'error',
    });
    const [shard = ''] = await expectShards(built);
    expect(await locs(built, shard)).toEqual([
      `${E}/`,
      `${E}/about/`,
      `${E}/blog/`,
      `${E}/blog/first-post/`,
    ]);
    expect(await built.xsdProblems()).toEqual({});
  });
});
