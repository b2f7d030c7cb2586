/**
 * Core messages name options in backticks (`sources`); on the command line they are flags
 * (--source). Frontmatter fields are never options: the core names them in double quotes
 * (frontmatter field "lastmod"), and a backticked name right after the word "field" is left alone.
 * Pure.
 */

/** Option name -> the flag that sets it. Only options: a field of the user's is not here. */
const FLAG_OF: Readonly<Record<string, string>> = {
  site: '--site',
  base: '--base',
  trailingSlash: '--trailing-slash',
  format: '--format',
  cleanUrls: '--clean-urls',
  excludeErrorPages: '--keep-error-pages',
  lastmod: '--lastmod',
  changefreq: '--changefreq',
  priority: '--priority',
  maxUrlsPerSitemap: '--max-urls',
  maxBytesPerSitemap: '--max-bytes',
  maxSitemapsPerIndex: '--max-sitemaps',
  filenameBase: '--filename-base',
  xslURL: '--xsl-url',
  stylesheet: '--stylesheet',
  schemaLocation: '--schema-location',
  outDir: '<outDir>',
  customPages: '--custom-page',
  customSitemaps: '--custom-sitemap',
  sources: '--source',
  root: '--root',
  git: '--git',
  gitIgnoreRevs: '--git-ignore-rev',
  lastmodFrom: '--lastmod-from',
  lastmodFromChildren: '--no-lastmod-from-children',
  dateFields: '--modified-field/--published-field',
  head: '--no-head',
  gzip: '--gzip',
  robotsTxt: '--no-robots-txt',
  i18n: '--i18n',
  pageSources: '--page-source',
  frontmatter: '--no-frontmatter',
  selfCheck: '--xsd',
  report: '--report',
  strict: '--strict',
  force: '--force',
  threads: '--no-threads',
  include: '--include',
  exclude: '--exclude',
  indexNow: '--indexnow-key',
};

/** A backticked name (`sources`, not `head.noindex`), and the word "field" if it comes first. */
const BACKTICKED = /(\bfield\s+)?`([A-Za-z]+)(\.[^`]*)?`/g;

/**
 * Option names in a core message, as the flags a CLI user types.
 * @example withFlagNames('map them with `sources`') // 'map them with --source'
 * @example withFlagNames('frontmatter field "lastmod" is not a date') // unchanged
 */
export function withFlagNames(message: string): string {
  return message.replace(
    BACKTICKED,
    (whole, field: string | undefined, name: string, rest: string | undefined) => {
      const flag = FLAG_OF[name];
      return flag && !rest && !field ? flag : whole;
    },
  );
}
