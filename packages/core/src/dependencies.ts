/**
 * The libraries the core uses, each loaded the first time it is used, not when the core is
 * imported. Most builds need only some: htmlparser2 reads images and the heads the head scanner
 * leaves to it (`discover/scan-head.ts`), js-yaml
 * and smol-toml read frontmatter and generators' configs, picomatch matches `include` and
 * `exclude`, saxes reads sitemaps, xmllint-wasm checks them against the XSD. Loaded up front,
 * they took some 15 MB of every build's memory (RSS after `import`, Node 24), whether used or
 * not: a build of a million pages that reads no head has a budget to keep.
 *
 * `require` loads them at once where they are first used, so the code that uses them stays
 * synchronous (htmlparser2 and smol-toml are ES modules: Node >= 20.19 requires those too).
 * Each name is written out, so a bundler still sees every dependency.
 *
 * A library that cannot be loaded (an install cut short, a bundle that left it out) fails the
 * build with one `dependency-missing` error naming it: the code that reads a page or a file
 * passes that error on, so it is never taken for a fault of each page (a million
 * "invalid frontmatter" warnings).
 */
import { createRequire } from 'node:module';
import { SitemapError } from './errors.js';

const require = createRequire(import.meta.url);

/** `load`, called the first time the result is, then its value kept; `name` says what failed. */
export function onFirstUse<T>(name: string, load: () => T): () => T {
  let value: T | undefined;
  return () => {
    if (value === undefined) {
      try {
        value = load();
      } catch (error) {
        const reason = String((error as Error)?.message ?? error).split('\n')[0];
        throw new SitemapError(
          'dependency-missing',
          `sitemapkit: the library ${name} could not be loaded (${reason}); install @sitemapkit/core's dependencies again, or keep ${name} beside the core when bundling it`,
          {},
          [],
          { cause: error },
        );
      }
    }
    return value;
  };
}

export const htmlparser2 = onFirstUse(
  'htmlparser2',
  () => require('htmlparser2') as typeof import('htmlparser2'),
);
export const jsYaml = onFirstUse('js-yaml', () => require('js-yaml') as typeof import('js-yaml'));
export const smolToml = onFirstUse(
  'smol-toml',
  () => require('smol-toml') as typeof import('smol-toml'),
);
export const picomatch = onFirstUse(
  'picomatch',
  () => require('picomatch') as typeof import('picomatch'),
);
export const saxes = onFirstUse('saxes', () => require('saxes') as typeof import('saxes'));
export const xmllintWasm = onFirstUse(
  'xmllint-wasm',
  () => require('xmllint-wasm') as typeof import('xmllint-wasm'),
);
