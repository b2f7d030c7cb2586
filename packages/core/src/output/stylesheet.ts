/**
 * `stylesheet: true`: the human view. An XSLT 1.0 stylesheet, `<filenameBase>.xsl`, written beside
 * the sitemaps and referenced from each of them (and the index) by an `<?xml-stylesheet?>`
 * processing instruction, so a browser opening a sitemap shows a table instead of raw XML.
 *
 * The file carries the set's mark after its declaration, like every file of the set, so it is
 * ours to replace and to remove once the option is off (own-files.ts); a file of that name that
 * is not ours is never touched (write-set.ts writes it). Everything it renders is inline: no font, script or stylesheet
 * is fetched. The search box filters the rows with a few lines of inline JavaScript.
 */
import { IMAGE_NS, SITEMAP_NS, XHTML_NS } from '../limits.js';
import { XML_DECLARATION } from '../xml/render.js';
import { ownMark } from './names.js';

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1f2328;background:#fff}
header,main,footer{max-width:1200px;margin:0 auto;padding:0 20px}
h1{font-size:22px;margin:24px 0 4px}
p{margin:4px 0 12px;color:#59636e}
input[type=search]{font:inherit;width:100%;max-width:420px;padding:6px 10px;border:1px solid #d1d9e0;border-radius:6px;margin:8px 0 12px}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;vertical-align:top;padding:6px 10px;border-bottom:1px solid #d1d9e0}
th{background:#f6f8fa;font-weight:600;white-space:nowrap}
td.n{color:#59636e;text-align:right;width:1%}
td.d{white-space:nowrap}
a{color:#0969da;text-decoration:none;word-break:break-all}
a:hover{text-decoration:underline}
ul{margin:0;padding:0;list-style:none;font-size:13px}
.lang{display:inline-block;min-width:3.5em;color:#59636e}
footer{margin:24px auto;font-size:13px;color:#59636e}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}th{background:#161b22}th,td,input[type=search]{border-color:#30363d}input[type=search]{background:#0d1117;color:inherit}a{color:#4493f8}p,td.n,.lang,footer{color:#9198a1}}
`;

/** The filter: no `<` or `&` in it, so it needs no escaping inside the stylesheet. */
const SCRIPT = `
(function () {
  var box = document.getElementById('filter');
  var shown = document.getElementById('shown');
  if (!box) return;
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr.entry'));
  box.addEventListener('input', function () {
    var q = box.value.trim().toLowerCase();
    var n = 0;
    rows.forEach(function (row) {
      var hit = q === '' || row.textContent.toLowerCase().indexOf(q) !== -1;
      row.hidden = !hit;
      if (hit) n++;
    });
    shown.textContent = q === '' ? '' : ' (' + n + ' shown)';
  });
})();
`;

/** The stylesheet of the set `filenameBase`, mark included. */
export function renderStylesheet(filenameBase: string): string {
  return `${XML_DECLARATION}${ownMark(filenameBase)}<!-- The human view of the sitemaps (sitemapkit's stylesheet option): search engines read the XML, a browser shows it through this stylesheet. -->
<xsl:stylesheet version="1.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:s="${SITEMAP_NS}"
  xmlns:xhtml="${XHTML_NS}"
  xmlns:image="${IMAGE_NS}"
  exclude-result-prefixes="s xhtml image">
<xsl:output method="html" encoding="UTF-8" indent="yes" doctype-system="about:legacy-compat"/>

<xsl:template match="/">
<html lang="en">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<meta name="robots" content="noindex"/>
<title><xsl:choose><xsl:when test="s:sitemapindex">Sitemap index</xsl:when><xsl:otherwise>Sitemap</xsl:otherwise></xsl:choose></title>
<style>${STYLE}</style>
</head>
<body>
<xsl:apply-templates select="s:sitemapindex|s:urlset"/>
<footer>An XML sitemap, shown readable by a stylesheet (sitemapkit). Search engines read the XML itself.</footer>
<script>${SCRIPT}</script>
</body>
</html>
</xsl:template>

<xsl:template match="s:sitemapindex">
<header>
<h1>Sitemap index</h1>
<p>This index lists <strong><xsl:value-of select="count(s:sitemap)"/></strong> sitemap<xsl:if test="count(s:sitemap) != 1">s</xsl:if>.</p>
</header>
<main>
<table id="entries">
<thead><tr><th>#</th><th>Sitemap</th><th>URLs</th><th>Last modified</th></tr></thead>
<tbody>
<xsl:for-each select="s:sitemap">
<tr class="entry">
<td class="n"><xsl:value-of select="position()"/></td>
<td><a href="{normalize-space(s:loc)}"><xsl:value-of select="normalize-space(s:loc)"/></a></td>
<td class="n"><xsl:value-of select="substring-after(comment()[starts-with(., 'urls:')], 'urls:')"/></td>
<td class="d"><xsl:value-of select="s:lastmod"/></td>
</tr>
</xsl:for-each>
</tbody>
</table>
</main>
</xsl:template>

<xsl:template match="s:urlset">
<xsl:variable name="freq" select="boolean(s:url/s:changefreq)"/>
<xsl:variable name="prio" select="boolean(s:url/s:priority)"/>
<xsl:variable name="alts" select="boolean(s:url/xhtml:link)"/>
<xsl:variable name="imgs" select="boolean(s:url/image:image)"/>
<header>
<h1>Sitemap</h1>
<p>This sitemap lists <strong><xsl:value-of select="count(s:url)"/></strong> URL<xsl:if test="count(s:url) != 1">s</xsl:if><span id="shown"></span>.</p>
<input type="search" id="filter" placeholder="Filter URLs" aria-label="Filter URLs" autocomplete="off"/>
</header>
<main>
<table id="entries">
<thead><tr>
<th>#</th><th>URL</th><th>Last modified</th>
<xsl:if test="$freq"><th>Change frequency</th></xsl:if>
<xsl:if test="$prio"><th>Priority</th></xsl:if>
<xsl:if test="$alts"><th>Alternates</th></xsl:if>
<xsl:if test="$imgs"><th>Images</th></xsl:if>
</tr></thead>
<tbody>
<xsl:for-each select="s:url">
<tr class="entry">
<td class="n"><xsl:value-of select="position()"/></td>
<td><a href="{normalize-space(s:loc)}"><xsl:value-of select="normalize-space(s:loc)"/></a></td>
<td class="d"><xsl:value-of select="s:lastmod"/></td>
<xsl:if test="$freq"><td><xsl:value-of select="s:changefreq"/></td></xsl:if>
<xsl:if test="$prio"><td><xsl:value-of select="s:priority"/></td></xsl:if>
<xsl:if test="$alts"><td><ul>
<xsl:for-each select="xhtml:link[@rel='alternate']">
<li class="alternate"><span class="lang"><xsl:value-of select="@hreflang"/></span><xsl:text> </xsl:text><a href="{@href}"><xsl:value-of select="@href"/></a></li>
</xsl:for-each>
</ul></td></xsl:if>
<xsl:if test="$imgs"><td><ul>
<xsl:for-each select="image:image">
<li class="image"><a href="{normalize-space(image:loc)}"><xsl:value-of select="normalize-space(image:loc)"/></a></li>
</xsl:for-each>
</ul></td></xsl:if>
</tr>
</xsl:for-each>
</tbody>
</table>
</main>
</xsl:template>
</xsl:stylesheet>
`;
}
