/** Renders one emitted page: a realistic `<head>` and a body padded to the page's target size. */
import { pageUrl } from './origin.mjs';
import { ASSET_HASHES, CODE_BLOCKS, INLINE_STYLES, PARAGRAPHS, titleWords } from './text.mjs';

const SHORT_STYLES = INLINE_STYLES.filter((style) => style.length < 900);
const NAV = ['', 'blog', 'docs', 'products', 'about', 'pricing', 'contact', 'careers'];
const FOOTER = `<footer class="site-footer"><nav aria-label="Footer"><ul>${[
  'about',
  'contact',
  'privacy',
  'terms',
  'careers',
]
  .map((path) => `<li><a href="/${path}/">${path}</a></li>`)
  .join('')}</ul></nav><p>&copy; 2025 Example Inc. All rights reserved.</p></footer>`;

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function robotsAndCanonical(page) {
  const tags = [];
  if (page.noindex) tags.push('<meta name="robots" content="noindex">');
  const canonical = page.canonicalPath ?? (page.selfCanonical ? page.path : null);
  if (canonical !== null) tags.push(`<link rel="canonical" href="${pageUrl(canonical)}">`);
  return tags.join('\n');
}

function head(page, rng, smallPages) {
  const url = pageUrl(page.path);
  const lines = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)} | Example</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}">`,
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg">',
    '<meta name="generator" content="Astro v5.7.4">',
  ];
  const robots = robotsAndCanonical(page);
  const robotsEarly = rng.chance(0.5);
  if (robots && robotsEarly) lines.push(robots);
  for (const alternate of page.alternates ?? []) {
    lines.push(
      `<link rel="alternate" hreflang="${alternate.lang}" href="${pageUrl(alternate.path)}">`,
    );
  }
  lines.push(
    `<meta property="og:title" content="${escapeHtml(page.title)}">`,
    `<meta property="og:description" content="${escapeHtml(page.description)}">`,
    `<meta property="og:url" content="${url}">`,
    `<meta property="og:type" content="${page.kind === 'post' ? 'article' : 'website'}">`,
  );
  if (page.modifiedMeta) {
    lines.push(
      `<meta property="article:published_time" content="${page.pubDate.toISOString()}">`,
      `<meta property="article:modified_time" content="${(page.updatedDate ?? page.pubDate).toISOString()}">`,
    );
  }
  for (let i = 0; i < page.stylesheets; i++) {
    lines.push(
      `<link rel="stylesheet" href="/_astro/${rng.pick(['index', 'base', page.kind])}.${rng.pick(ASSET_HASHES)}.css">`,
    );
  }
  if (page.inlineStyle)
    lines.push(`<style>${rng.pick(smallPages ? SHORT_STYLES : INLINE_STYLES)}</style>`);
  if (robots && !robotsEarly) lines.push(robots);
  lines.push(`<script type="module" src="/_astro/hoisted.${rng.pick(ASSET_HASHES)}.js"></script>`);
  return `<head>\n${lines.join('\n')}\n</head>`;
}

function header(page) {
  const links = NAV.map(
    (path) => `<li><a href="/${path ? `${path}/` : ''}">${path || 'home'}</a></li>`,
  );
  const crumbs = page.path
    .split('/')
    .map(
      (part, i, parts) =>
        `<li><a href="/${encodeURI(parts.slice(0, i + 1).join('/'))}/">${part}</a></li>`,
    );
  return `<header class="site-header"><a class="logo" href="/">Example</a><nav aria-label="Main"><ul>${links.join('')}</ul></nav></header>\n<nav aria-label="Breadcrumb"><ol>${crumbs.join('')}</ol></nav>`;
}

function article(page, rng, budget) {
  const parts = [
    `<h1>${escapeHtml(page.title)}</h1>`,
    `<p class="lead">${escapeHtml(page.description)}</p>`,
  ];
  let size = parts[0].length + parts[1].length;
  for (let block = 0; size < budget; block++) {
    let html;
    if (block % 4 === 3) html = `<h2 id="s${block}">${titleWords(rng, 2, 5)}</h2>`;
    else if (page.kind === 'doc' && rng.chance(0.2))
      html = `<pre><code>${rng.pick(CODE_BLOCKS)}</code></pre>`;
    else html = `<p>${rng.pick(PARAGRAPHS)}</p>`;
    if (size + html.length > budget) {
      const room = Math.max(0, budget - size - 8);
      html = `<p>${rng.pick(PARAGRAPHS).slice(0, room)}</p>`;
    }
    parts.push(html);
    size += html.length + 1;
  }
  return `<article>\n${parts.join('\n')}\n</article>`;
}

/** @returns {string} the whole document */
export function renderHtml(page, rng, { smallPages }) {
  const top = `<!DOCTYPE html>\n<html lang="${page.lang}">\n${head(page, rng, smallPages)}\n<body class="${page.kind}">\n${header(page)}\n<main>\n`;
  const bottom = `\n</main>\n${FOOTER}\n</body>\n</html>\n`;
  const budget = page.htmlBytes - top.length - bottom.length;
  return top + article(page, rng, budget) + bottom;
}
