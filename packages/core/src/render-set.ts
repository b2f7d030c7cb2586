/**
 * A sitemap set rendered in memory, for a dev server: the pages it knows (HTML files it would
 * emit, or paths of routes) go through the build's own rules (URL mapping, error pages,
 * include/exclude/filter, custom pages, serialize, chunks, sharding, names, rendering, the
 * self-check), and the files come back by name instead of being written. Nothing touches disk.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PageList } from './columns/page-list.js';
import { PageTable } from './columns/page-table.js';
import { buildEntries } from './entries/build-entries.js';
import { listOnce } from './entries/list-once.js';
import { resolveOptions } from './options/resolve-options.js';
import { indexFileName } from './output/names.js';
import { planFiles } from './output/plan-files.js';
import { checkEntries } from './output/self-check.js';
import { withCustomPages } from './select/custom-pages.js';
import { filtered, pathRules } from './select/exclusions.js';
import type { SitemapOptions, SitemapWarning } from './types.js';
import {
  type PageRoute,
  pathUrl,
  routeFromFile,
  routeUrl,
  unaddressableFile,
  urlRouteKey,
} from './url/map-file.js';

/** A page a dev server knows: the HTML file the build would emit for it, or its route path. */
export type MemoryPage =
  | {
      /** The HTML file relative to the output folder (`blog/index.html`), mapped as the build maps it. */
      file: string;
      lastmod?: string | undefined;
    }
  | {
      /** Path relative to base (`/blog/post`), for a page known by its route, not a file. */
      path: string;
      /** Whether the page is a folder's index (`/blog/` from `blog/index.astro`). */
      isIndex: boolean;
      lastmod?: string | undefined;
    };

export interface RenderSetOptions extends Omit<SitemapOptions, 'outDir'> {
  /**
   * Lines said in an XML comment right after each file's declaration (a dev server says what the
   * set is); `--` is written `- -`, which a comment cannot hold.
   */
  comment?: string[];
}

export interface RenderedSet {
  /** Each file's XML by file name (`sitemap-index.xml` first), relative to the base path. */
  files: Map<string, string>;
  /** Name of the index a crawler is given, or null when no page is listed (no file). */
  index: string | null;
  warnings: SitemapWarning[];
}

function xmlComment(lines: readonly string[]): string {
  if (lines.length === 0) return '';
  const body = lines.map((line) => line.replaceAll('--', '- -').replace(/-$/, '- ')).join('\n  ');
  return `<!-- ${body} -->\n`;
}

/**
 * Renders the sitemap set of `pages` in memory, with the same code and options as
 * `generateSitemaps` (less what needs the built files: dates from their heads, sources and git,
 * head rules; `lastmod` given per page is used). Uncompressed whatever `gzip` says.
 * @example await renderSitemapSet([{ file: 'index.html' }], { site: 'https://e.com' })
 *   // files: sitemap-index.xml, sitemap-0-<hash>.xml
 */
export async function renderSitemapSet(
  pages: readonly MemoryPage[],
  input: RenderSetOptions,
): Promise<RenderedSet> {
  const { comment = [], ...rest } = input;
  const options = resolveOptions({
    ...rest,
    // Nothing is read from or written to it: the set stays in memory.
    outDir: '.',
    gzip: false,
    robotsTxt: false,
    report: undefined,
    onProgress: undefined,
  });
  const warnings: SitemapWarning[] = [];
  const policy = {
    baseUrl: options.baseUrl,
    trailingSlash: options.trailingSlash,
    format: options.format,
  };
  const outBy = pathRules(options);
  const table = new PageTable(options.baseUrl);
  const records = new PageList(table);
  for (const page of pages) {
    let route: PageRoute | null;
    if ('file' in page) {
      if (unaddressableFile(page.file, options.cleanUrls)) continue;
      route = routeFromFile(page.file, options.cleanUrls);
      if (!route) continue;
    } else {
      // The path's segments as the build's URL rule reads them (decoded, NFC).
      const key = urlRouteKey(pathUrl(page.path, policy, page.isIndex), options.baseUrl);
      route = {
        segments: key.split('/').filter(Boolean),
        isIndex: page.isIndex,
        keepsExtension: false,
      };
    }
    const record = table.add('file' in page ? page.file : null, routeUrl(route, policy));
    if (page.lastmod) record.lastmod = page.lastmod;
    const excluded = outBy(route) ?? (filtered(options, record.url) ? 'filter' : undefined);
    if (excluded) record.excluded = excluded;
    records.push(record);
  }
  // The build's steps from here: custom pages, entries, every URL once, the self-check.
  const groups = await buildEntries(
    withCustomPages(records, options, true),
    new Map(),
    options,
    warnings,
  );
  const listed = listOnce(groups, true);
  checkEntries(groups, options, warnings);
  const files = new Map<string, string>();
  if (listed === 0 && options.customSitemaps.length === 0) {
    return { files, index: null, warnings };
  }
  for await (const file of planFiles(groups, options, xmlComment(comment))) {
    files.set(file.name, file.xml.toString('utf8'));
  }
  const index = indexFileName(options.filenameBase, 0);
  // The index first, then the sitemaps in the order it lists them.
  const sorted = new Map([...files].sort(([a], [b]) => Number(b === index) - Number(a === index)));
  return { files: sorted, index, warnings };
}

/**
 * What the dev server of an adapter knows now, asked again on every request of the set: its
 * pages, or its pages and the comment lines to say with them (replacing `options.comment`).
 */
export type PageLister = () =>
  | readonly MemoryPage[]
  | { pages: readonly MemoryPage[]; comment: string[] }
  | Promise<readonly MemoryPage[] | { pages: readonly MemoryPage[]; comment: string[] }>;

const CONTENT_TYPES: Record<string, string> = {
  '.xml': 'application/xml; charset=utf-8',
  '.xsl': 'text/xsl; charset=utf-8',
};

/**
 * A Node/Connect middleware (Vite's and Astro's `server.middlewares`) that serves the set of
 * `listPages()` at the paths the build would write it to, `<base><filenameBase>-index.xml` and
 * the files it lists, rendered in memory per request; any other request goes to `next`. A
 * failure (a throwing `serialize`) is answered with a 500 and its message, and given to `onError`.
 * @example server.middlewares.use(sitemapDevMiddleware(options, () => pages, (e) => logger.error(e.message)))
 */
export function sitemapDevMiddleware(
  options: RenderSetOptions,
  listPages: PageLister,
  onError?: (error: Error) => void,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const { comment: _, ...rest } = options;
  const { base, filenameBase } = resolveOptions({ ...rest, outDir: '.' });
  return (req, res, next) => {
    const path = (req.url ?? '').split(/[?#]/)[0] ?? '';
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!path.startsWith(`${base}${filenameBase}`)) return next();
    const name = path.slice(base.length);
    const type = CONTENT_TYPES[name.slice(name.lastIndexOf('.'))];
    if (!type) return next();
    (async () => {
      const listed = await listPages();
      const set =
        'pages' in listed
          ? await renderSitemapSet(listed.pages, { ...options, comment: listed.comment })
          : await renderSitemapSet(listed, options);
      const xml = set.files.get(name);
      if (xml === undefined) return next();
      res.statusCode = 200;
      res.setHeader('Content-Type', type);
      res.setHeader('Cache-Control', 'no-store');
      res.end(req.method === 'HEAD' ? undefined : xml);
    })().catch((failure: unknown) => {
      const error = failure instanceof Error ? failure : new Error(String(failure));
      onError?.(error);
      res.statusCode = 500;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(`${error.message}\n`);
    });
  };
}
