/** A problem found at build time fails `vite build` with the core's error, naming what is wrong. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isSitemapError } from '@sitemapkit/core';
import { afterEach, describe, expect, test } from 'vitest';
import { sitemap } from '../src/index.js';
import { copyFixture, removeCopy, sitemapkitLines, viteBuild } from './helpers/vite-build.js';

let root = '';

/** The error a build failed with (a SitemapError), or a failed test when it did not fail. */
async function buildError(built: Promise<unknown>): Promise<unknown> {
  const error = await built.then(
    () => new Error('the build did not fail'),
    (e: unknown) => e,
  );
  expect(isSitemapError(error), String(error)).toBe(true);
  return error;
}

afterEach(async () => {
  await removeCopy(root);
});

test('a build that emits no HTML fails, naming the output folder', async () => {
  root = await copyFixture('no-html');
  const error = await buildError(
    viteBuild(root, {
      plugins: [sitemap({ site: 'https://example.com' })],
      build: { rolldownOptions: { input: join(root, 'src/main.js') } },
    }),
  );
  // Rollup and Rolldown set `code` to PLUGIN_ERROR and keep the plugin's own in `pluginCode`.
  expect(error).toMatchObject({
    plugin: 'sitemapkit',
    pluginCode: 'outdir-empty',
    context: { option: 'outDir', file: join(root, 'dist') },
    message: expect.stringContaining(`no HTML pages found in ${join(root, 'dist')}`),
  });
});

describe('an impossible frontmatter date', () => {
  const options = {
    site: 'https://example.com',
    sources: [{ dir: 'content/posts', route: '/posts/' }],
  };
  const badDate = async () => {
    root = await copyFixture('markdown');
    // Written here, not kept in the fixture: Biome would reformat a .md file's frontmatter.
    await mkdir(join(root, 'content/posts'), { recursive: true });
    await writeFile(
      join(root, 'content/posts/hello.md'),
      '---\nlastmod: 2024-02-30\n---\n# Hello\n',
    );
  };

  test('is a warning naming the file', async () => {
    await badDate();
    const { lines } = await viteBuild(root, { plugins: [sitemap(options)] });
    expect(sitemapkitLines(lines)).toContainEqual(
      expect.stringMatching(
        /^warn: sitemapkit: content\/posts\/hello\.md: frontmatter field "lastmod" 2024-02-30 is not a real date; not used$/,
      ),
    );
  });

  test('fails the build in strict mode, naming the file', async () => {
    await badDate();
    const error = await buildError(
      viteBuild(root, { plugins: [sitemap({ ...options, strict: true })] }),
    );
    expect(error).toMatchObject({
      plugin: 'sitemapkit',
      pluginCode: 'invalid-entry',
      context: { file: 'content/posts/hello.md' },
      message: expect.stringContaining('content/posts/hello.md'),
    });
  });
});
