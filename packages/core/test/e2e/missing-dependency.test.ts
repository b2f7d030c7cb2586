/**
 * A library the core cannot load (an install cut short, a bundle that left it out) fails the
 * build once, naming the library: never a warning on every page that needed it.
 */
import { describe, expect, it, vi } from 'vitest';
import { SitemapError } from '../../src/errors.js';
import { generateSitemaps } from '../../src/index.js';
import { validateSitemaps } from '../../src/validate/index.js';
import { makeTree, page } from '../helpers/fixture.js';

const missing = vi.hoisted(() => new Set<string>());

vi.mock('../../src/dependencies.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/dependencies.js')>();
  const { onFirstUse } = real;
  // Each library as the core loads it (once, the real loader keeps it), unless the test has
  // named it missing: asked on every call, so a test's library is missing whatever ran before.
  const gated =
    <T>(name: string, load: () => T): (() => T) =>
    () =>
      onFirstUse(name, () => {
        if (missing.has(name)) throw new Error(`Cannot find module '${name}'`);
        return load();
      })();
  return {
    ...real,
    htmlparser2: gated('htmlparser2', real.htmlparser2),
    jsYaml: gated('js-yaml', real.jsYaml),
    smolToml: gated('smol-toml', real.smolToml),
    xmllintWasm: gated('xmllint-wasm', real.xmllintWasm),
  };
});

const { onFirstUse } = await import('../../src/dependencies.js');

async function site(plainHeads = false): Promise<string> {
  return makeTree({
    // Heads with something to parse (a head that names nothing the core looks for is not parsed),
    // one with a character reference, which the head scanner leaves to htmlparser2.
    'dist/index.html': page('<meta name="robots" content="index">'),
    'dist/a/index.html': page('<link rel="canonical" href="https://example.com/a/">'),
    'dist/b/index.html': page(
      plainHeads
        ? '<meta name="robots" content="index, follow">'
        : '<meta name="robots" content="index&#44; follow">',
    ),
    'src/content/index.md': '---\ntitle: Home\ndate: 2024-01-05\n---\n',
    'src/content/a.md': '---\ntitle: A\ndate: 2024-01-06\n---\n',
    'src/content/b.md': '+++\ntitle = "B"\ndate = 2024-01-07\n+++\n',
  });
}

async function buildWithout(
  library: string,
  options: { head?: boolean; lastmodFrom?: Array<'frontmatter' | 'mtime'> },
  plainHeads = false,
): Promise<unknown> {
  const root = await site(plainHeads);
  missing.clear();
  missing.add(library);
  try {
    await generateSitemaps({
      site: 'https://example.com',
      outDir: `${root}/dist`,
      root,
      sources: [{ dir: 'src/content' }],
      robotsTxt: false,
      ...options,
    });
    return null;
  } catch (error) {
    return error;
  } finally {
    missing.clear();
  }
}

describe('a library the core cannot load', () => {
  it('is one dependency-missing error naming it, and loading is tried again the next time', () => {
    let calls = 0;
    const load = onFirstUse('some-lib', () => {
      calls++;
      throw new Error("Cannot find module 'some-lib'\nRequire stack: ...");
    });
    for (let i = 0; i < 2; i++) {
      let thrown: unknown;
      try {
        load();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(SitemapError);
      expect((thrown as SitemapError).code).toBe('dependency-missing');
      expect((thrown as SitemapError).message).toBe(
        "sitemapkit: the library some-lib could not be loaded (Cannot find module 'some-lib'); install @sitemapkit/core's dependencies again, or keep some-lib beside the core when bundling it",
      );
    }
    expect(calls).toBe(2);
  });

  it('fails a build that reads YAML or TOML frontmatter, not each page with a warning', async () => {
    for (const library of ['js-yaml', 'smol-toml']) {
      const error = await buildWithout(library, { lastmodFrom: ['frontmatter', 'mtime'] });
      expect(error).toBeInstanceOf(SitemapError);
      expect((error as SitemapError).code).toBe('dependency-missing');
      expect((error as SitemapError).message).toContain(`the library ${library} could not`);
    }
  });

  it('fails a build that reads heads, not each page with a warning', async () => {
    const error = await buildWithout('htmlparser2', { head: true, lastmodFrom: ['mtime'] });
    expect((error as SitemapError).code).toBe('dependency-missing');
    expect((error as SitemapError).message).toContain('the library htmlparser2 could not');
  });

  it('fails a check against the XSD once, not with a finding on every file', async () => {
    const root = await site();
    await generateSitemaps({
      site: 'https://example.com',
      outDir: `${root}/dist`,
      root,
      robotsTxt: false,
      maxUrlsPerSitemap: 1,
    });
    missing.add('xmllint-wasm');
    try {
      const error = await validateSitemaps(`${root}/dist`).catch((e: unknown) => e);
      expect((error as SitemapError).code).toBe('dependency-missing');
      expect((error as SitemapError).message).toContain('the library xmllint-wasm could not');
    } finally {
      missing.clear();
    }
    // With it, the same set checks clean.
    expect((await validateSitemaps(`${root}/dist`)).errors).toBe(0);
  });

  it('does not touch a build that does not need it', async () => {
    expect(await buildWithout('htmlparser2', { head: false, lastmodFrom: ['mtime'] })).toBeNull();
    // Heads the head scanner reads all by itself need no htmlparser2.
    expect(
      await buildWithout('htmlparser2', { head: true, lastmodFrom: ['mtime'] }, true),
    ).toBeNull();
  });
});
