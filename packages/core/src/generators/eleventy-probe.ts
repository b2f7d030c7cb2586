/**
 * The child process that asks a project's own Eleventy where every page comes from. It runs in
 * the project folder (Eleventy reads its config file and folders from the working directory),
 * loads `@11ty/eleventy` from the project's `node_modules` as `npx @11ty/eleventy` would, and
 * sends one `ProbeResult` to its parent over IPC, then exits.
 *
 * Eleventy 3: the template map is built (data, pagination, permalinks) and the build is stopped
 * at the `eleventy.contentMap` event, before any template body is rendered; Eleventy 2 and older,
 * which have no such event, are asked for `toJSON()` (a full render in memory). Nothing is
 * written, and the build events (`eleventy.before`, `eleventy.after`) that plugins use to write
 * files are not sent.
 *
 * Standalone on purpose: it imports only `node:` modules and uses only erasable TypeScript, so
 * Node runs it from the compiled `.js` and, in the tests, from this source file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the parent asks for: the build's own flags, where its build script gives them. */
export interface ProbeRequest {
  configPath?: string;
  input?: string;
  output?: string;
  pathPrefix?: string;
}

/** One page Eleventy writes: paths relative to the project folder, as Eleventy gives them. */
export interface ProbePage {
  /** The template, e.g. `./content/blog/post.md`. */
  input: string;
  /** Where it is written, e.g. `./_site/blog/post/index.html`; false for `permalink: false`. */
  output: string | false;
  /** The page's URL, e.g. `/blog/post/` (without `pathPrefix`); false when not written. */
  url: string | false;
  /** True for a template made in the config (`addTemplate`), with no file of its own. */
  virtual: boolean;
  /** The page's language, from Eleventy's I18n plugin. */
  lang?: string;
  /** The page's translations as the I18n plugin's `locale_links` filter gives them. */
  alternates?: Array<{ lang: string; url: string }>;
}

/** One HTML file passthrough copy writes. */
export interface ProbeCopy {
  input: string;
  output: string;
}

export type ProbeResult =
  | {
      ok: true;
      version: string;
      /** The config file Eleventy loaded, e.g. `./eleventy.config.js`. */
      configFile?: string;
      inputDir: string;
      outputDir: string;
      pathPrefix: string;
      pages: ProbePage[];
      copies: ProbeCopy[];
      /** Global data values that may be the site's URL: `metadata.url` -> value. */
      siteCandidates: Array<{ field: string; value: string }>;
      /** What could not be read, said as sentences. */
      notes: string[];
    }
  | {
      ok: false;
      /** `resolve`: no @11ty/eleventy in the project; `config`: init failed; `map`: pages failed. */
      stage: 'resolve' | 'config' | 'map';
      message: string;
      version?: string;
    };

const HTML_FILE = /\.html?$/i;
const I18N_PACKAGE = '@11ty/eleventy/i18n-plugin';
/** Where projects keep their site's URL in global data; Eleventy has no standard name. */
const SITE_OBJECTS = ['metadata', 'site', 'meta', 'config', 'settings', 'siteData', 'siteMetadata'];
const SITE_FIELDS = ['url', 'siteUrl', 'siteURL', 'baseUrl', 'baseURL', 'base_url', 'site_url'];
const STOP = new Error('sitemapkit: the page map is known, no page is rendered');

// biome-ignore lint/suspicious/noExplicitAny: Eleventy's internals have no types
type Any = any;

/** The `node_modules` folders an `import` from `root` looks in (never NODE_PATH), nearest first. */
function moduleFolders(root: string): string[] {
  const folders: string[] = [];
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    folders.push(join(dir, 'node_modules'));
    if (dirname(dir) === dir) return folders;
  }
}

/** The project's own `@11ty/eleventy`: its ESM entry and version, looked up from `root`. */
function findEleventy(root: string): { entry: string; version: string } {
  for (const modules of moduleFolders(root)) {
    const dir = join(modules, '@11ty', 'eleventy');
    const pkgFile = join(dir, 'package.json');
    if (!existsSync(pkgFile)) continue;
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as Any;
    const exported = pkg.exports?.['.'];
    const rel =
      typeof exported === 'string'
        ? exported
        : (exported?.import ?? exported?.default ?? pkg.main ?? 'src/Eleventy.js');
    return { entry: join(dir, rel), version: String(pkg.version) };
  }
  throw new Error(
    '@11ty/eleventy is not installed in the project (no node_modules/@11ty/eleventy)',
  );
}

/** An error's own message and, where it wraps others (Eleventy's do), the innermost one's. */
function messageOf(error: unknown): string {
  const text = (e: Any) => String(e?.message ?? e).replace(/\.$/, '');
  let inner: Any = error;
  for (let depth = 0; depth < 10; depth++) {
    const next = inner?.originalError ?? inner?.cause;
    if (!next) break;
    inner = next;
  }
  const outer = text(error);
  return inner === error || outer.includes(text(inner)) ? outer : `${outer}: ${text(inner)}`;
}

/** Every HTML file under `dir`, relative to it. */
function htmlFilesUnder(dir: string, prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...htmlFilesUnder(dir, rel));
    else if (HTML_FILE.test(entry.name)) found.push(rel);
  }
  return found;
}

/** The HTML files passthrough copy writes, by Eleventy's own input -> output rules. */
async function htmlCopies(elev: Any): Promise<ProbeCopy[]> {
  const manager = elev.passthroughManager;
  if (typeof manager?.getAllNormalizedPaths !== 'function') return [];
  const copies: ProbeCopy[] = [];
  const paths = await elev.eleventyFiles.getFiles();
  for (const path of manager.getAllNormalizedPaths(paths)) {
    const pass = manager.getTemplatePassthroughForPath(path);
    for (const { inputPath, outputPath } of await pass.getFileMap()) {
      if (typeof inputPath !== 'string' || typeof outputPath !== 'string') continue;
      if (!existsSync(inputPath)) continue;
      if (statSync(inputPath).isDirectory()) {
        for (const rel of htmlFilesUnder(inputPath))
          copies.push({ input: join(inputPath, rel), output: join(outputPath, rel) });
      } else {
        const output = outputPath.endsWith('/')
          ? join(outputPath, basename(inputPath))
          : outputPath;
        if (HTML_FILE.test(output)) copies.push({ input: inputPath, output });
      }
    }
  }
  return copies;
}

/** Global data values named like a site URL, in the order of the lists above. */
function siteCandidates(data: Any): Array<{ field: string; value: string }> {
  const found: Array<{ field: string; value: string }> = [];
  const add = (field: string, value: unknown) => {
    if (typeof value === 'string' && value.trim() !== '')
      found.push({ field, value: value.trim() });
  };
  for (const object of SITE_OBJECTS) {
    const values = data?.[object];
    if (values && typeof values === 'object')
      for (const field of SITE_FIELDS) add(`${object}.${field}`, values[field]);
  }
  for (const field of SITE_FIELDS) add(field, data?.[field]);
  return found;
}

/** The name of the I18n plugin's `locale_links` filter, when the config adds the plugin. */
function i18nOptions(elev: Any): { links: string } | undefined {
  const plugins: Any[] = elev.eleventyConfig?.userConfig?.plugins ?? [];
  const entry = plugins.find((p) => p?.plugin?.eleventyPackage === I18N_PACKAGE);
  if (!entry) return undefined;
  const options = entry.options ?? {};
  return { links: String(options.filters?.links ?? 'locale_links') };
}

/** Each page of the template map, with its translations where the I18n plugin knows them. */
function pagesOfMap(elev: Any, i18n: { links: string } | undefined): ProbePage[] {
  const linksFilter = i18n && elev.eleventyConfig.userConfig.getFilter?.(i18n.links);
  const pages: ProbePage[] = [];
  for (const entry of elev.writer.templateMap.map) {
    for (const page of entry._pages ?? []) {
      const item = pageOf(page.inputPath ?? entry.inputPath, page.outputPath, page.url);
      if (typeof linksFilter === 'function' && typeof page.url === 'string') {
        const lang = page.data?.page?.lang;
        if (typeof lang === 'string' && lang !== '') item.lang = lang;
        const links = linksFilter.call({ page: { url: page.url } }, page.url) as Any[];
        item.alternates = (links ?? [])
          .filter((l) => typeof l?.url === 'string' && typeof l?.lang === 'string')
          .map((l) => ({ lang: l.lang, url: l.url }));
      }
      pages.push(item);
    }
  }
  return pages;
}

/**
 * The pages of the `eleventy.contentMap` event's URL map, for an Eleventy whose template map
 * has no page list: each written where Eleventy writes a URL (`/x/` as `x/index.html`).
 */
function pagesOfUrls(urlToInputPath: Record<string, Any>, outputDir: string): ProbePage[] {
  return Object.entries(urlToInputPath)
    .filter(([url]) => url.startsWith('/')) // `permalink: false` is keyed "false"
    .map(([url, { inputPath }]) =>
      pageOf(inputPath, join(outputDir, url.endsWith('/') ? `${url}index.html` : url), url),
    );
}

function pageOf(input: string, output: unknown, url: unknown): ProbePage {
  return {
    input,
    output: typeof output === 'string' ? output : false,
    url: typeof url === 'string' ? url : false,
    virtual: !existsSync(input),
  };
}

async function probe(request: ProbeRequest): Promise<ProbeResult> {
  let found: { entry: string; version: string };
  try {
    found = findEleventy(process.cwd());
  } catch (error) {
    return { ok: false, stage: 'resolve', message: messageOf(error) };
  }
  const { version } = found;
  const major = Number.parseInt(version, 10);
  let elev: Any;
  try {
    const module = await import(pathToFileURL(found.entry).href);
    const Eleventy = module.Eleventy ?? module.default;
    elev = new Eleventy(request.input, request.output, {
      quietMode: true,
      source: 'cli',
      runMode: 'build',
      ...(request.configPath ? { configPath: request.configPath } : {}),
      ...(request.pathPrefix ? { pathPrefix: request.pathPrefix } : {}),
    });
    await elev.init();
  } catch (error) {
    return { ok: false, stage: 'config', message: messageOf(error), version };
  }

  const notes: string[] = [];
  const i18n = i18nOptions(elev);
  let pages: ProbePage[] | undefined;
  try {
    if (major >= 3 && typeof elev.eleventyConfig?.userConfig?.on === 'function') {
      // Added after the config's own listeners (the I18n plugin's among them), so they run first.
      elev.eleventyConfig.userConfig.on('eleventy.contentMap', async (maps: Any) => {
        pages = pagesOfMap(elev, i18n);
        if (pages.length === 0 && maps?.urlToInputPath) {
          pages = pagesOfUrls(maps.urlToInputPath, String(elev.directories?.output ?? '_site'));
          if (pages.length > 0)
            notes.push(
              "Eleventy's template map has no page list (a newer Eleventy?), so each page's file was derived from its URL",
            );
        }
        throw STOP;
      });
      let templates: Any[] | undefined;
      try {
        templates = (await elev.writer.getJSON('json')).templates;
      } catch (error) {
        if (error !== STOP) throw error;
      }
      // No event (an early Eleventy 3): the pages were rendered in memory after all.
      if (!pages) {
        pages = (templates ?? []).map((t) => pageOf(t.inputPath, t.outputPath, t.url));
      }
    } else {
      const templates: Any[] = await elev.toJSON();
      pages = templates.map((t) => pageOf(t.inputPath, t.outputPath, t.url));
    }
  } catch (error) {
    return { ok: false, stage: 'map', message: messageOf(error), version };
  }

  let copies: ProbeCopy[] = [];
  try {
    copies = await htmlCopies(elev);
  } catch (error) {
    notes.push(`the passthrough copies could not be listed (${messageOf(error)})`);
  }
  let candidates: Array<{ field: string; value: string }> = [];
  try {
    candidates = siteCandidates(await elev.templateData?.getGlobalData?.());
  } catch (error) {
    notes.push(`the global data could not be read (${messageOf(error)})`);
  }

  const dirs = elev.directories;
  const cwd = process.cwd();
  const configFile = elev.eleventyConfig?.getLocalProjectConfigFile?.();
  return {
    ok: true,
    version,
    ...(typeof configFile === 'string' ? { configFile } : {}),
    inputDir: String(dirs?.input ?? elev.inputDir ?? '.'),
    outputDir: String(dirs?.output ?? elev.outputDir ?? '_site'),
    pathPrefix: String(elev.eleventyConfig?.getPathPrefix?.() ?? elev.config?.pathPrefix ?? '/'),
    pages: pages.map((p) => (isAbsolute(p.input) ? { ...p, input: relative(cwd, p.input) } : p)),
    copies,
    siteCandidates: candidates,
    notes,
  };
}

if (process.send) {
  const request = JSON.parse(process.argv[2] ?? '{}') as ProbeRequest;
  const done = (result: ProbeResult) =>
    process.send?.(result, () => {
      process.exit(0);
    });
  probe(request).then(done, (error: unknown) =>
    done({ ok: false, stage: 'map', message: messageOf(error) }),
  );
}
