/** `vite build --watch`: the sitemaps follow each rebuild; a failure is logged and watching goes on. */
import { readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterEach, expect, test } from 'vitest';
import { onlyShard, setFiles } from '../../core/test/helpers/xml.js';
import { sitemap } from '../src/index.js';
import {
  captureLogger,
  copyFixture,
  htmlInputs,
  type LogLine,
  removeCopy,
} from './helpers/vite-build.js';
import { readLocs } from './helpers/xsd.js';

const SITE = 'https://example.com';
let root = '';
let watcher: Rolldown.RolldownWatcher | undefined;

afterEach(async () => {
  await watcher?.close();
  watcher = undefined;
  await removeCopy(root);
});

/** Vite does not await closeBundle in watch mode: wait until the logger shows it ran. */
async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function count(lines: readonly LogLine[], level: LogLine['level'], pattern: RegExp): number {
  return lines.filter((line) => line.level === level && pattern.test(line.message)).length;
}

async function watch(input: Record<string, string> | string): Promise<LogLine[]> {
  const { logger, lines } = captureLogger();
  watcher = (await build({
    configFile: false,
    root,
    logLevel: 'warn',
    customLogger: logger,
    plugins: [sitemap({ site: SITE })],
    build: { watch: {}, rolldownOptions: { input } },
  })) as Rolldown.RolldownWatcher;
  return lines;
}

test('the sitemaps follow each rebuild', async () => {
  root = await copyFixture('ssr');
  const lines = await watch(await htmlInputs(root));
  const summary = /^sitemapkit: \d+ pages found/;
  await until(() => count(lines, 'info', summary) === 1, 'the first sitemap');
  const first = await onlyShard(join(root, 'dist'));
  expect(await setFiles(join(root, 'dist'))).toEqual([basename(first), 'sitemap-index.xml']);
  expect(await readLocs(first)).toEqual([`${SITE}/`, `${SITE}/about.html`]);

  const about = join(root, 'about.html');
  await writeFile(
    about,
    (await readFile(about, 'utf8')).replace(
      '<title>',
      '<meta name="robots" content="noindex" /><title>',
    ),
  );
  await until(() => count(lines, 'info', summary) === 2, 'the sitemap of the rebuild');
  // New content, new name; the index lists it, and the first build's sitemap is gone.
  const second = await onlyShard(join(root, 'dist'));
  expect(second).not.toBe(first);
  expect(await setFiles(join(root, 'dist'))).toEqual([basename(second), 'sitemap-index.xml']);
  expect(await readLocs(second)).toEqual([`${SITE}/`]);
});

test('a failure is logged and the watcher lives on (no unhandled rejection)', async () => {
  root = await copyFixture('no-html');
  const lines = await watch(join(root, 'src/main.js'));
  await until(
    () => count(lines, 'error', /^sitemapkit: no HTML pages found in /) === 1,
    'the error line',
  );
});
