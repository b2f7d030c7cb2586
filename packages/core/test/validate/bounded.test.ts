/**
 * Hostile input ends as a bounded report, quickly: a .gz that inflates to 2 GiB of one repeated
 * `<url>`, 150,000 findings in one file, a 5 MB URL, FIFOs and sockets where sitemaps should be.
 * Every input is generated here (nothing big is committed).
 */

import { execFile, execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  formatReport,
  type ValidationReport,
  validateCommand,
  validateSitemaps,
} from '../../src/validate/index.js';
import { readSitemap } from '../../src/validate/read-sitemap.js';
import { makeTree } from '../helpers/fixture.js';
import { runValidate } from '../helpers/validate.js';

const NOW = new Date('2025-01-01T00:00:00Z');
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const HEAD = `${XML}<urlset ${NS}>\n`;
/** The most uncompressed bytes read from one file. */
const LIMIT = 52_428_800;
/** The built CLI (the test command builds the packages first). */
const CLI = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));
const execFileAsync = promisify(execFile);
const fmt = (n: number) => n.toLocaleString('en-US');

/** `sitemapkit validate` in a child process with a 256 MB heap. */
async function smallHeapCli(...args: string[]) {
  const node = ['--max-old-space-size=256', CLI, 'validate', ...args];
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, node, {
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, signal, stdout, stderr } = error as {
      code: number;
      signal: string | null;
      stdout: string;
      stderr: string;
    };
    return { code: signal ?? code, stdout, stderr };
  }
}

function rulesCount(report: ValidationReport): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of report.findings) counts[f.rule] = (counts[f.rule] ?? 0) + 1;
  return counts;
}

describe.concurrent('a .gz that inflates to 2 GiB of one repeated <url>', () => {
  /** A 2,020-character URL (under the 2,048 limit): every copy after the first is a duplicate. */
  const ENTRY = `<url><loc>https://example.com/${'a'.repeat(2_000)}</loc></url>\n`;
  /** Entries whose end tag lies within the first LIMIT bytes: all that can be read. */
  const READABLE = Math.floor((LIMIT - HEAD.length + 1) / ENTRY.length);
  const DUPLICATES = READABLE - 1;

  /**
   * One compressed MiB of entries, repeated as gzip members (gunzip reads concatenated members as
   * one stream): 2 GiB of XML in about 4 MB, made in milliseconds.
   */
  async function bomb(): Promise<string> {
    const block = gzipSync(ENTRY.repeat(Math.floor(2 ** 20 / ENTRY.length)));
    const members = [gzipSync(HEAD), ...Array<Buffer>(2_048).fill(block), gzipSync('</urlset>\n')];
    const root = await makeTree({ 'bomb.xml.gz': Buffer.concat(members) });
    return join(root, 'bomb.xml.gz');
  }

  // Concurrent (the CLI runs in a process of its own): each test asserts with its own `expect`.
  it('stops at 52,428,800 bytes with a limit-bytes error, keeps 100 duplicates and counts the rest', async ({
    expect,
  }) => {
    const report = await validateSitemaps(await bomb(), { now: NOW });
    expect(report.files).toEqual([
      {
        path: 'bomb.xml.gz',
        kind: 'urlset',
        urlCount: READABLE,
        bytes: expect.any(Number),
        xmlBytes: LIMIT,
        partial: true,
      },
    ]);
    expect(report.files[0]?.bytes).toBeLessThan(5_000_000);
    expect(report.findings.filter((f) => f.rule === 'limit-bytes')).toEqual([
      {
        rule: 'limit-bytes',
        severity: 'error',
        file: 'bomb.xml.gz',
        line: expect.any(Number),
        message:
          'bomb.xml.gz inflates to more than 52,428,800 bytes, the most any consumer reads: reading stopped at 52,428,800 bytes, the rest of the file was not checked',
      },
    ]);
    expect(rulesCount(report)).toEqual({ 'duplicate-url': 100, 'limit-bytes': 1 });
    expect(report.dropped).toEqual([
      { rule: 'duplicate-url', severity: 'warning', file: 'bomb.xml.gz', count: DUPLICATES - 100 },
    ]);
    expect([report.errors, report.warnings]).toEqual([1, DUPLICATES]);
  });

  it('is checked by the CLI in a 256 MB heap: exit 1, the limit and the counts in the summary', async ({
    expect,
  }) => {
    const { code, stdout, stderr } = await smallHeapCli(await bomb());
    expect([code, stderr]).toEqual([1, '']);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('warning duplicate-url'))).toHaveLength(20);
    expect(stdout).toMatch(
      /^error {3}limit-bytes {3}\S*bomb\.xml\.gz:\d+ - bomb\.xml\.gz inflates to more than 52,428,800 bytes/m,
    );
    expect(lines.at(-3)).toMatch(
      new RegExp(
        `^… and ${fmt(DUPLICATES - 20)} more duplicate-url findings in \\S*bomb\\.xml\\.gz \\(--json lists 100 of the ${fmt(DUPLICATES)}\\)$`,
      ),
    );
    expect(lines.at(-1)).toBe(
      `1 file, ${fmt(READABLE)} URLs: 1 error, ${fmt(DUPLICATES)} warnings`,
    );
  });

  it('a plain file past 52,428,800 bytes is read no further either', async ({ expect }) => {
    const xml = `${HEAD}<url><loc>https://example.com/</loc></url>\n<!-- ${'x'.repeat(LIMIT)} -->\n</urlset>\n`;
    const root = await makeTree({ 'big.xml': xml });
    const report = await validateSitemaps(join(root, 'big.xml'), { now: NOW });
    const size = Buffer.byteLength(xml);
    expect(report.files[0]).toMatchObject({ urlCount: 1, xmlBytes: size, partial: true });
    expect(report.findings.map((f) => [f.rule, f.severity, f.message])).toEqual([
      [
        'limit-bytes',
        'error',
        `big.xml is ${fmt(size)} bytes, more than the 52,428,800 any consumer reads: reading stopped at 52,428,800 bytes, the rest of the file was not checked`,
      ],
    ]);
  });
});

describe('50,000 URLs with three bad values each', () => {
  const RULES = ['changefreq-value', 'lastmod-format', 'priority-value'];

  function badValues(count: number): string {
    const url = (i: number) =>
      `<url><loc>https://example.com/p/${i}</loc><lastmod>2024-13-01</lastmod><changefreq>sometimes</changefreq><priority>2</priority></url>\n`;
    return `${HEAD}${Array.from({ length: count }, (_, i) => url(i)).join('')}</urlset>\n`;
  }

  it('keeps 100 findings per rule, counts the other 49,900 exactly, and says so in the summary and the JSON', async () => {
    const root = await makeTree({ 'bad.xml': badValues(50_000) });
    const report = await validateSitemaps(join(root, 'bad.xml'), { now: NOW, xsd: false });
    expect(rulesCount(report)).toEqual(Object.fromEntries(RULES.map((r) => [r, 100])));
    expect(report.dropped).toEqual(
      RULES.map((rule) => ({ rule, severity: 'error', file: 'bad.xml', count: 49_900 })),
    );
    expect([report.errors, report.warnings, report.urlCount]).toEqual([150_000, 0, 50_000]);

    const text = formatReport(report);
    for (const rule of RULES) {
      expect(text).toContain(
        `… and 49,980 more ${rule} findings in bad.xml (--json lists 100 of the 50,000)`,
      );
    }
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      '1 file, 50,000 URLs: 150,000 errors, 0 warnings',
    );

    const json = await runValidate(join(root, 'bad.xml'), '--json', '--no-xsd');
    expect(json.code).toBe(1);
    const parsed = JSON.parse(json.stdout) as ValidationReport;
    expect([parsed.findings.length, parsed.dropped, parsed.errors]).toEqual([
      300,
      report.dropped,
      150_000,
    ]);
  });

  it('leaves out of the XSD pass what our own rules said, also past the cap', async () => {
    const root = await makeTree({ 'bad.xml': badValues(150) });
    const report = await validateSitemaps(join(root, 'bad.xml'), { now: NOW });
    expect(rulesCount(report)).toEqual(Object.fromEntries(RULES.map((r) => [r, 100])));
    expect(report.dropped.map((d) => [d.rule, d.count])).toEqual(RULES.map((r) => [r, 50]));
  });
});

describe('a 5 MB URL and 1 MB values', () => {
  const LOC = `https://example.com/${'a'.repeat(5_000_000)}`;
  const CLIPPED = `${LOC.slice(0, 200)}… (5,000,020 characters)`;

  it('are quoted clipped to 200 characters with their length, in the findings, the summary and the JSON', async () => {
    const lastmod = `2024-${'1'.repeat(1_000_000)}`;
    const xml = `${HEAD}<url><loc> ${LOC}</loc><lastmod>${lastmod}</lastmod><changefreq>${'x'.repeat(1_000_000)}</changefreq><priority>${'9'.repeat(1_000_000)}</priority></url>\n</urlset>\n`;
    const root = await makeTree({ 'big-url.xml': xml });
    const file = join(root, 'big-url.xml');
    // Without the XSD pass: xmllint takes seconds over a 5 MB value, and finds nothing more.
    const site = 'https://example.com/';
    const report = await validateSitemaps(file, { now: NOW, site, xsd: false });
    expect(report.findings.map((f) => f.rule).sort()).toEqual([
      'changefreq-value',
      'lastmod-format',
      'priority-value',
      'url-length',
      'url-whitespace',
    ]);
    for (const f of report.findings) {
      expect(f.url).toBe(CLIPPED);
      expect(f.message.length).toBeLessThan(400);
    }
    const message = (rule: string) => report.findings.find((f) => f.rule === rule)?.message;
    expect(message('lastmod-format')).toBe(
      `<lastmod> "${lastmod.slice(0, 200)}… (1,000,005 characters)" is not a W3C Datetime: use YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+hh:mm`,
    );
    expect(message('changefreq-value')).toContain(`"${'x'.repeat(200)}… (1,000,000 characters)"`);
    expect(message('url-length')).toBe('<loc>: 5000020 characters: a URL must be fewer than 2048');
    expect(JSON.stringify(report).length).toBeLessThan(5_000);
    expect(formatReport(report).length).toBeLessThan(5_000);

    const json = await runValidate(file, '--json', '--no-xsd', '--site', site);
    expect([json.code, json.stdout.length < 5_000]).toEqual([1, true]);
    expect((JSON.parse(json.stdout) as ValidationReport).findings[0]?.url).toBe(CLIPPED);
    const text = await runValidate(file, '--no-xsd', '--site', site);
    expect([text.code, text.stdout.length < 5_000]).toEqual([1, true]);
    expect(text.stdout).toContain(CLIPPED);
  });

  it('listed in an index, is clipped in the message that it is missing', async () => {
    const index = `${XML}<sitemapindex ${NS}>\n<sitemap><loc>${LOC}.xml</loc></sitemap>\n</sitemapindex>\n`;
    const root = await makeTree({ 'sitemap-index.xml': index });
    const site = 'https://example.com/';
    const report = await validateSitemaps(root, { now: NOW, site, xsd: false });
    const missing = report.findings.filter((f) => f.rule === 'sitemap-missing');
    expect(missing.map((f) => f.message)).toEqual([
      `${'a'.repeat(200)}… (5,000,004 characters) is not in the folder (site https://example.com/)`,
    ]);
    expect(JSON.stringify(report).length).toBeLessThan(5_000);
  });
});

describe('a listed URL of 200,000 path segments', () => {
  it('is looked at in linear time, not once per segment', { timeout: 5_000 }, async () => {
    const loc = `https://example.com/${'a/'.repeat(200_000)}sitemap.xml`;
    const index = `${XML}<sitemapindex ${NS}>\n<sitemap><loc>${loc}</loc></sitemap>\n</sitemapindex>\n`;
    const root = await makeTree({
      'sitemap-index.xml': index,
      'sitemap.xml': `${HEAD}</urlset>\n`,
    });
    const report = await validateSitemaps(root, { now: NOW, xsd: false });
    expect(report.site).toBe(null);
    expect(report.findings.map((f) => f.rule)).toEqual(['sitemap-missing', 'url-length']);
  });
});

describe.skipIf(process.platform === 'win32')(
  'FIFOs, sockets and folders where a sitemap should be',
  () => {
    const URLSET = `${HEAD}<url><loc>https://example.com/</loc></url>\n</urlset>\n`;
    const mkfifo = (path: string) => execFileSync('mkfifo', [path]);

    /** A Unix socket at `path`, open until the test ends. */
    async function socketAt(path: string): Promise<() => Promise<void>> {
      const server = createServer();
      await new Promise<void>((done) => server.listen(path, done));
      return () => new Promise<void>((done) => server.close(() => done()));
    }

    it('a FIFO as the target is refused by name, never opened', { timeout: 5_000 }, async () => {
      const root = await makeTree({});
      mkfifo(join(root, 'pipe.xml'));
      const { code, stdout, stderr } = await runValidate(join(root, 'pipe.xml'));
      expect([code, stdout]).toEqual([2, '']);
      expect(stderr).toContain('target is a FIFO (named pipe), neither a file nor a folder');
    });

    it('a FIFO, a socket or a folder listed in an index is a sitemap-missing finding, never opened', {
      timeout: 5_000,
    }, async () => {
      const locs = ['pipe.xml', 'https://example.com/pipe.xml', 'sock.xml', 'dir.xml'];
      const root = await makeTree({
        'sitemap-index.xml': `${XML}<sitemapindex ${NS}>\n${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>\n`).join('')}</sitemapindex>\n`,
      });
      mkfifo(join(root, 'pipe.xml'));
      await mkdir(join(root, 'dir.xml'));
      const close = await socketAt(join(root, 'sock.xml'));
      try {
        const report = await validateSitemaps(root, { now: NOW, site: 'https://example.com/' });
        expect(report.files.map((f) => f.path)).toEqual(['sitemap-index.xml']);
        expect(
          report.findings.filter((f) => f.rule === 'sitemap-missing').map((f) => f.message),
        ).toEqual([
          'pipe.xml is a FIFO (named pipe), not a regular file: not opened',
          'pipe.xml is a FIFO (named pipe), not a regular file: not opened',
          'sock.xml is a socket, not a regular file: not opened',
          'dir.xml is a folder, not a regular file: not opened',
        ]);
      } finally {
        await close();
      }
    });

    it('a FIFO under a sitemap name or among the *.xml of a folder is file-unreadable, never opened', {
      timeout: 5_000,
    }, async () => {
      const root = await makeTree({ 'a.xml': URLSET });
      mkfifo(join(root, 'sitemap.xml'));
      mkfifo(join(root, 'other.xml'));
      const close = await socketAt(join(root, 'sock.xml'));
      try {
        const report = await validateSitemaps(root, { now: NOW, xsd: false });
        expect(report.files.map((f) => f.path)).toEqual(['a.xml']);
        expect(report.findings.map((f) => [f.rule, f.file, f.message])).toEqual([
          [
            'file-unreadable',
            'sitemap.xml',
            'cannot be read: a FIFO (named pipe), not a regular file: not opened',
          ],
          [
            'file-unreadable',
            'other.xml',
            'cannot be read: a FIFO (named pipe), not a regular file: not opened',
          ],
          [
            'file-unreadable',
            'sock.xml',
            'cannot be read: a socket, not a regular file: not opened',
          ],
        ]);
        expect(report.errors).toBe(3);
      } finally {
        await close();
      }
    });

    it('the reader itself opens no FIFO', { timeout: 5_000 }, async () => {
      const root = await makeTree({});
      mkfifo(join(root, 'pipe.xml'));
      const result = await readSitemap(join(root, 'pipe.xml'), {
        keepXml: true,
        onEntries: () => {},
        onFindings: () => {},
        onDropped: () => {},
      });
      expect(result.unreadable).toBe('a FIFO (named pipe), not a regular file: not opened');
    });
  },
);

describe('failures are messages', () => {
  it('a report that cannot be written is one line on stderr and exit 1, no stack', async () => {
    const root = await makeTree({ 'sitemap.xml': `${HEAD}<url><loc>/a</loc></url>\n</urlset>\n` });
    let stderr = '';
    const code = await validateCommand([root, '--no-xsd'], {
      stdout: () => {
        throw new Error('write EPIPE');
      },
      stderr: (s) => {
        stderr += s;
      },
    });
    expect(code).toBe(1);
    expect(stderr).toBe(`sitemapkit validate: cannot check ${root}: write EPIPE\n`);
  });
});
