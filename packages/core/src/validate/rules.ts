/**
 * Every rule `sitemapkit validate` reports, with its default severity and what it checks, in one
 * table. The README's rule table is written from this one. Pure.
 */

export type Severity = 'error' | 'warning';

export interface RuleInfo {
  severity: Severity;
  /** One line: what the rule asks for. */
  summary: string;
}

export const RULES = {
  // The target and the files
  'no-sitemap': {
    severity: 'error',
    summary:
      'the folder holds no sitemap (no sitemap-index.xml, sitemap.xml, robots.txt Sitemap: line or urlset/sitemapindex *.xml)',
  },
  'file-unreadable': {
    severity: 'error',
    summary: 'the file cannot be read or gunzipped',
  },
  // XML
  'encoding-utf8': {
    severity: 'error',
    summary: 'the file is UTF-8: valid UTF-8 bytes, and no other encoding declared',
  },
  'xml-declaration': {
    severity: 'warning',
    summary: 'the file starts with <?xml version="1.0" encoding="UTF-8"?>',
  },
  'xml-well-formed': {
    severity: 'error',
    summary: 'the file is well-formed XML (tags close, entities are defined, one root)',
  },
  'unescaped-ampersand': {
    severity: 'error',
    summary: 'a raw & that does not start an entity is not well-formed XML: write &amp;',
  },
  'entity-escaping': {
    severity: 'warning',
    summary:
      '\' " > in data values are written &apos; &quot; &gt; (the protocol asks for all data values entity-escaped)',
  },
  'root-element': {
    severity: 'error',
    summary: 'the root element is <urlset> or <sitemapindex>',
  },
  namespace: {
    severity: 'error',
    summary: 'the root element is in http://www.sitemaps.org/schemas/sitemap/0.9',
  },
  'element-order': {
    severity: 'error',
    summary:
      'children follow the XSD sequence: loc, lastmod, changefreq, priority, then extensions; none repeated',
  },
  'loc-count': {
    severity: 'error',
    summary: 'each <url> and <sitemap> holds exactly one <loc>',
  },
  'unknown-element': {
    severity: 'error',
    summary: 'no element outside the protocol except in an extension (non-sitemap) namespace',
  },
  'unexpected-text': {
    severity: 'error',
    summary: 'no text directly inside <urlset>, <url>, <sitemapindex> or <sitemap>',
  },
  'no-entries': {
    severity: 'error',
    summary: 'a <urlset> holds at least one <url>, a <sitemapindex> at least one <sitemap>',
  },
  xsd: {
    severity: 'error',
    summary: 'the file validates against the sitemaps.org XSD (sitemap.xsd or siteindex.xsd)',
  },
  'xsd-extension-not-checked': {
    severity: 'warning',
    summary:
      'elements of extension namespaces whose schema is not shipped (image, video, news, ...) were not XSD-checked',
  },
  'schema-location': {
    severity: 'warning',
    summary:
      'an xsi:schemaLocation on the root names the sitemaps.org schema of that root (sitemap.xsd or siteindex.xsd), which is the one the XSD pass uses',
  },
  // URLs
  'url-absolute': {
    severity: 'error',
    summary: 'every URL is absolute http:// or https:// with a host',
  },
  'url-encoding': {
    severity: 'error',
    summary: 'URLs are RFC 3986 percent-encoded: no raw non-ASCII, spaces or invalid %XX',
  },
  'url-length': {
    severity: 'error',
    summary: 'URLs are fewer than 2,048 characters',
  },
  'url-whitespace': {
    severity: 'warning',
    summary: 'no whitespace around a URL inside <loc> or href',
  },
  'url-location': {
    severity: 'error',
    summary: "every URL is on the sitemap's own scheme and host and under its directory",
  },
  // Entry values
  'lastmod-format': {
    severity: 'error',
    summary: 'lastmod is YYYY-MM-DD or YYYY-MM-DDThh:mm:ss[.s](Z|±hh:mm), and a real date',
  },
  'lastmod-future': {
    severity: 'warning',
    summary: 'lastmod is not in the future',
  },
  'changefreq-value': {
    severity: 'error',
    summary: 'changefreq is always, hourly, daily, weekly, monthly, yearly or never',
  },
  'priority-value': {
    severity: 'error',
    summary: 'priority is a decimal from 0.0 to 1.0',
  },
  'hreflang-link': {
    severity: 'warning',
    summary: 'an <xhtml:link> has rel="alternate", a hreflang and an href',
  },
  'hreflang-self': {
    severity: 'warning',
    summary: 'a URL with hreflang alternates lists itself among them',
  },
  // Limits
  'limit-urls': {
    severity: 'error',
    summary: 'at most 50,000 URLs per sitemap',
  },
  'limit-bytes': {
    severity: 'error',
    summary:
      'at most 10,485,760 bytes per file uncompressed (--limits current: 52,428,800; over 10 MiB is then a warning)',
  },
  'limit-sitemaps': {
    severity: 'error',
    summary:
      'at most 1,000 sitemaps per index (--limits current: 50,000; over 1,000 is then a warning)',
  },
  // Indexes
  'index-same-site': {
    severity: 'error',
    summary: 'an index lists only sitemaps on its own scheme and host',
  },
  'index-nested': {
    severity: 'error',
    summary: 'an index does not list another index',
  },
  'sitemap-missing': {
    severity: 'error',
    summary: 'each sitemap an index (or robots.txt) lists exists in the folder',
  },
  'sitemap-not-followed': {
    severity: 'warning',
    summary: 'a listed sitemap maps outside the folder (or the site), so it was not checked',
  },
  'index-lastmod-stale': {
    severity: 'warning',
    summary: "an index's <lastmod> for a sitemap is not older than the newest lastmod inside it",
  },
  // The whole set
  'duplicate-url': {
    severity: 'warning',
    summary: 'each URL (and each sitemap in an index) is listed once across the whole set',
  },
  'hreflang-return': {
    severity: 'warning',
    summary: 'an hreflang alternate in the set links back to the URL that lists it',
  },
} as const satisfies Record<string, RuleInfo>;

export type RuleId = keyof typeof RULES;

export const RULE_IDS = Object.keys(RULES) as RuleId[];
