/** The text of `sitemapkit --help`: every command and every `build` flag. */

/** Usage of the command and of `build`; `validate --help` has its own (validate/command.ts). */
export const HELP = `Usage: sitemapkit <command> [options]

Commands:
  build [outDir] [--site <url>] write sitemaps for the HTML pages in a built site's folder
  validate <target>             check a sitemap, an index or a built folder against the protocol

In a Hugo, Eleventy, Jekyll or VitePress project, \`sitemapkit build\` needs no arguments: the
generator's config gives the output folder, the site URL, the base path, each page's source and
its languages (one line says what was found). A flag overrides what the config gives.

build options:
  --site <url>               absolute http(s) URL of the deployed site (required unless the
                             generator's config says it)
  --no-detect                do not look for a generator's config: outDir and --site needed
  --base <path>              path the site is served under (default /)
  --trailing-slash <policy>  always | never | ignore (default ignore)
  --format <format>          how pages were emitted: directory | file | preserve (default preserve)
  --clean-urls               list about.html as /about, not /about.html (either way, a page
                             whose canonical link names the other form is listed in that form)
  --source <dir>[=<route>]   page sources for frontmatter, git and file dates (repeatable),
                             e.g. --source src/pages --source src/content/blog=/blog/
  --page-source <path>=<file>
                             the source of one page, e.g. /about/=src/about.md (repeatable)
  --root <dir>               the project folder: where detection looks, and what --source and
                             --report are relative to (default .)
  --i18n <prefix>=<lang>,... locale prefixes and their hreflang values, the default locale
                             (no prefix) first, e.g. en=en-US,fr=fr-FR
  --include <glob>           list only URL paths matching (repeatable), e.g. '/docs/**'
  --exclude <glob>           leave out URL paths matching (repeatable), e.g. '/drafts/**'
  --keep-error-pages         list the 404 and 500 pages at the root and in locale folders too
  --custom-page <url>        also list this absolute URL (repeatable)
  --custom-sitemap <url>     also list this sitemap in the index (repeatable)
  --git                      dates from git history, and warn when git cannot be used
                             (default: used wherever the sources are in a git work tree)
  --no-git                   no dates from git
  --git-ignore-rev <hash>    a commit that changed no content, e.g. a reformat (repeatable;
                             .git-blame-ignore-revs is read too)
  --lastmod-from <kinds>     an order instead of the newest evidence, e.g. frontmatter,git
                             (kinds: frontmatter, head, git, mtime)
  --modified-field <name>    a frontmatter field that says when a page was modified (repeatable)
  --published-field <name>   a frontmatter field that says when a page was published (repeatable)
  --no-lastmod-from-children do not date listing pages by the newest page under them
  --no-frontmatter           do not read the sources' frontmatter (dates, sitemap overrides)
  --no-head                  do not read page heads (noindex, canonical, redirects, hreflang)
  --skip-head-rule <rule>    keep one head rule from deciding: noindex, canonical, redirect or
                             hreflang (repeatable)
  --images                   list each page's images (<main>'s, else <body>'s; same site only)
  --images-external          list images on other hosts too (implies --images)
  --lastmod <date>           lastmod for pages whose own date is unknown
  --changefreq <value>       changefreq for every URL (not written unless set)
  --priority <0.0-1.0>       priority for every URL (not written unless set)
  --gzip                     write .xml.gz sitemaps
  --no-robots-txt            leave robots.txt alone
  --robots-txt-replace       take out robots.txt's Sitemap lines that point at files no longer
                             in outDir (without it they are reported)
  --max-urls <n>             URLs per sitemap file (default and maximum 50000)
  --max-bytes <n>            bytes per sitemap file (default 10485760, maximum 52428800)
  --max-sitemaps <n>         sitemaps per index file (default 1000, maximum 50000)
  --filename-base <name>     file names: <name>-index.xml, <name>-0-<hash>.xml (default sitemap)
  --xsl-url <url>            stylesheet referenced from every file
  --stylesheet               write <name>.xsl, a stylesheet that shows each file as a readable
                             table in a browser, and reference it from every file
  --schema-location          write xsi:schemaLocation naming the sitemaps.org XSD on every root
  --report <file>            write a JSON report of every page and its lastmod source
  --strict                   fail on page-level problems (bad dates, unreadable files)
  --xsd                      also check every file against the sitemaps.org XSD before it is
                             written (slower)
  --force                    build even where outDir does not look like a site's output
                             (the filesystem root, the home folder, no HTML near its top)
  --no-threads               keep all work on one thread (large sites use a second one)
  --indexnow-key <key>       after the build, send the URLs that changed to IndexNow
                             (writes <key>.txt and a state file in outDir; not in previews)
  --indexnow-endpoint <url>  IndexNow endpoint (default https://api.indexnow.org/indexnow)
  --indexnow-dry-run         say what IndexNow would be sent; send and record nothing
  --indexnow-compare <state|deployed>
                             find what changed from the state file in outDir (state, the
                             default) or from the sitemaps deployed at --site (deployed: for
                             builds that start from an empty outDir, such as CI; no state file)
  --indexnow-initial <none|all>
                             what a first build sends (default none)
  --indexnow-key-location <url>
                             a key file you serve yourself; no <key>.txt is written
  --indexnow-state-file <file>
                             where the state is kept (relative to --root; default in outDir)
  --json                     print the result as JSON instead of the summary
  --quiet                    print warnings and errors only
  --verbose                  list every file written (the summary lists at most 8: the index,
                             then the sitemaps with the most URLs)

  -h, --help                 show this help
  -v, --version              show the version

On a terminal, warnings and errors are in colour (NO_COLOR turns it off, FORCE_COLOR on), and
a build that runs for more than a moment shows its progress on stderr (not in CI, nor with
--quiet or --json). Piped, neither: the output is plain text.

Exit code: 0 success (warnings allowed), 1 the build or the check failed, 2 usage error.
`;
