/**
 * Runs the real `vite build` on a temporary copy of a fixture in test/fixtures/<name>/, with a
 * logger that captures every line, so tests read what a user would see.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig, type Logger } from 'vite';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const NOT_PAGES = /^(public|dist|node_modules)(\/|$)/;

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
}

/** A Vite logger that records lines instead of printing them. */
export function captureLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const warned = new Set<string>();
  const logger: Logger = {
    hasWarned: false,
    info: (message) => {
      lines.push({ level: 'info', message });
    },
    warn: (message) => {
      logger.hasWarned = true;
      lines.push({ level: 'warn', message });
    },
    warnOnce: (message) => {
      if (warned.has(message)) return;
      warned.add(message);
      logger.warn(message);
    },
    error: (message) => {
      lines.push({ level: 'error', message });
    },
    clearScreen: () => {},
    hasErrorLogged: () => false,
  };
  return { logger, lines };
}

/** Lines sitemapkit logged, as `level: message`. */
export function sitemapkitLines(lines: readonly LogLine[]): string[] {
  return lines
    .filter((l) => l.message.startsWith('sitemapkit:'))
    .map((l) => `${l.level}: ${l.message}`);
}

/** Copies test/fixtures/<name> to a new temporary folder; returns its path. */
export async function copyFixture(name: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), `sitemapkit-vite-${name}-`));
  await cp(join(FIXTURES, name), root, { recursive: true });
  return root;
}

export async function removeCopy(root: string): Promise<void> {
  // A watcher closed a moment ago may still be finishing a write into dist/: retry, as rm allows.
  await rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
}

/** Every `.html` under `root` (outside public/ and dist/), as Vite inputs keyed by path. */
export async function htmlInputs(root: string): Promise<Record<string, string>> {
  const entries = await readdir(root, { recursive: true });
  const pages = entries
    .map((entry) => entry.replaceAll('\\', '/'))
    .filter((entry) => entry.endsWith('.html') && !NOT_PAGES.test(entry))
    .sort();
  return Object.fromEntries(pages.map((page) => [page.replace(/\.html$/, ''), join(root, page)]));
}

/**
 * `vite build` of `root` with every HTML page as an input, no config file, and a capturing
 * logger; `config` is merged on top (its `build` shallowly over the defaults here).
 */
export async function viteBuild(
  root: string,
  config: InlineConfig = {},
): Promise<{ lines: LogLine[] }> {
  const { logger, lines } = captureLogger();
  const { build: buildOptions, ...rest } = config;
  await build({
    configFile: false,
    root,
    // Quiets Vite's progress output, which bypasses the logger; the logger still gets every line.
    logLevel: 'warn',
    customLogger: logger,
    ...rest,
    build: { rolldownOptions: { input: await htmlInputs(root) }, ...buildOptions },
  });
  return { lines };
}
