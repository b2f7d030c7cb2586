/**
 * The libraries the core uses, each loaded the first time it is used, not when the core is
 * imported. Most builds need only some: htmlparser2 reads heads and images, js-yaml
 * and smol-toml read frontmatter and generators' configs, picomatch matches `include` and
 * `exclude`, saxes reads sitemaps, xmllint-wasm checks them against the XSD. Loaded up front,
 * they took some 15 MB of every build's memory (RSS after `import`, Node 24), whether used or
 * not: a build of a million pages that reads no head has a budget to keep.
 *
 * `require` loads them at once where they are first used, so the code that uses them stays
 * synchronous (htmlparser2 and smol-toml are ES modules: Node >= 20.19 requires those too).
 * Each name is written out, so a bundler still sees every dependency.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** `load`, called the first time the result is, then its value kept. */
function onFirstUse<T>(load: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= load();
    return value;
  };
}

export const htmlparser2 = onFirstUse(() => require('htmlparser2') as typeof import('htmlparser2'));
export const jsYaml = onFirstUse(() => require('js-yaml') as typeof import('js-yaml'));
export const smolToml = onFirstUse(() => require('smol-toml') as typeof import('smol-toml'));
export const picomatch = onFirstUse(() => require('picomatch') as typeof import('picomatch'));
export const saxes = onFirstUse(() => require('saxes') as typeof import('saxes'));
export const xmllintWasm = onFirstUse(
  () => require('xmllint-wasm') as typeof import('xmllint-wasm'),
);
