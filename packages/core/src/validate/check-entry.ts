/**
 * Checks of one `<url>` or `<sitemap>` entry on its own: its URLs, the location rule, lastmod,
 * changefreq, priority and hreflang links. Values quoted in a message are clipped. Pure.
 */

import { checkW3cDatetime } from '../dates/w3c-datetime.js';
import { CHANGEFREQS } from '../limits.js';
import { clip } from '../url/shorten.js';
import { directoryOf, inspectUrl, isUnderSitemap, sameSite } from './check-url.js';
import type { ParsedEntry, RootKind } from './parse-sitemap.js';
import type { RuleId } from './rules.js';

export interface EntryContext {
  kind: RootKind;
  /** The URL the file itself is served at, when known; without it the location rule is skipped. */
  self: URL | undefined;
  /** Now, in ms since the epoch. */
  now: number;
}

export interface EntryFinding {
  rule: RuleId;
  line: number;
  url?: string;
  message: string;
}

export interface EntryCheck {
  findings: EntryFinding[];
  /** The trimmed loc, when there is one. */
  loc?: string;
  /** The loc normalised to find duplicates by (see `urlKey`). */
  key?: string;
  /** The instants the lastmod may mean, when it is valid. */
  lastmod?: { earliest: number; latest: number; value: string };
  /** The hreflang alternates (rel="alternate" with hreflang and href), each with its key. */
  alternates: Alternate[];
}

export interface Alternate {
  hreflang: string;
  href: string;
  /** The href normalised like `urlKey`. */
  key: string;
  line: number;
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const CHANGEFREQ_SET = new Set<string>(CHANGEFREQS);

function locationFinding(url: URL, ctx: EntryContext): Omit<EntryFinding, 'line'> | undefined {
  const self = ctx.self;
  if (self === undefined) return undefined;
  if (ctx.kind === 'urlset' && !isUnderSitemap(url, self)) {
    return {
      rule: 'url-location',
      message: `not under ${clip(directoryOf(self))}: a sitemap at ${clip(self.href)} may list only URLs under its directory`,
    };
  }
  if (ctx.kind === 'sitemapindex' && !sameSite(url, self)) {
    return {
      rule: 'index-same-site',
      message: `a sitemap on ${clip(url.origin)}, but the index is on ${clip(self.origin)}`,
    };
  }
  return undefined;
}

/** The URL checks of a `<loc>` or `href`, with the location rule for a `<loc>`. */
function urlFindings(
  raw: string,
  line: number,
  what: string,
  ctx?: EntryContext,
): { found: EntryFinding[]; parsed: URL | undefined } {
  const url = raw.trim();
  const { problems, parsed } = inspectUrl(raw);
  const found: EntryFinding[] = [];
  for (const p of problems)
    found.push({ rule: p.rule, line, url, message: `${what}: ${p.message}` });
  if (ctx !== undefined && parsed !== undefined && !found.some((f) => f.rule === 'url-absolute')) {
    const location = locationFinding(parsed, ctx);
    if (location !== undefined) found.push({ ...location, line, url });
  }
  return { found, parsed };
}

/**
 * Checks one entry.
 * @example checkEntry({ line: 1, locCount: 1, links: [], loc: { value: '/a', line: 1 } },
 *   { kind: 'urlset', self: undefined, now: Date.now() }).findings[0]?.rule // 'url-absolute'
 */
export function checkEntry(entry: ParsedEntry, ctx: EntryContext): EntryCheck {
  const findings: EntryFinding[] = [];
  const check: EntryCheck = { findings, alternates: [] };
  const loc = entry.loc?.value.trim();
  if (entry.loc !== undefined) {
    check.loc = loc as string;
    const { found, parsed } = urlFindings(entry.loc.value, entry.loc.line, '<loc>', ctx);
    for (const f of found) findings.push(f);
    check.key = parsed?.href ?? check.loc;
  }
  const at = (rule: RuleId, line: number, message: string): void => {
    findings.push(loc === undefined ? { rule, line, message } : { rule, line, url: loc, message });
  };

  if (entry.lastmod !== undefined) {
    const { value, line } = entry.lastmod;
    const parsed = checkW3cDatetime(value);
    if (!parsed.ok) {
      at('lastmod-format', line, `<lastmod> ${parsed.reason}`);
    } else {
      check.lastmod = { earliest: parsed.earliest, latest: parsed.latest, value: value.trim() };
      if (parsed.earliest > ctx.now) {
        at(
          'lastmod-future',
          line,
          `<lastmod> ${clip(value.trim())} is in the future (now is ${new Date(ctx.now).toISOString()})`,
        );
      }
    }
  }
  if (entry.changefreq !== undefined && !CHANGEFREQ_SET.has(entry.changefreq.value)) {
    const { value, line } = entry.changefreq;
    at('changefreq-value', line, `<changefreq> "${clip(value)}": one of ${CHANGEFREQS.join(', ')}`);
  }
  if (entry.priority !== undefined) {
    const { value, line } = entry.priority;
    const text = value.trim();
    if (!DECIMAL.test(text) || Number(text) < 0 || Number(text) > 1) {
      at('priority-value', line, `<priority> "${clip(value)}": a decimal from 0.0 to 1.0`);
    }
  }
  for (const link of entry.links) {
    const missing = (['rel', 'hreflang', 'href'] as const).filter(
      (name) => link[name] === undefined,
    );
    if (missing.length > 0) {
      at('hreflang-link', link.line, `<xhtml:link> without ${missing.join(', ')}`);
    } else if (link.rel !== 'alternate') {
      at(
        'hreflang-link',
        link.line,
        `<xhtml:link rel="${clip(link.rel ?? '')}">: hreflang links are rel="alternate"`,
      );
    }
    if (link.href === undefined) continue;
    const { found, parsed } = urlFindings(link.href, link.line, '<xhtml:link> href');
    for (const f of found) findings.push(f);
    if (link.rel === 'alternate' && link.hreflang !== undefined) {
      const href = link.href.trim();
      check.alternates.push({
        hreflang: link.hreflang,
        href,
        key: parsed?.href ?? href,
        line: link.line,
      });
    }
  }
  if (check.alternates.length > 0 && check.key !== undefined) {
    const self = check.key;
    if (!check.alternates.some((a) => a.key === self && a.hreflang.toLowerCase() !== 'x-default')) {
      at(
        'hreflang-self',
        check.alternates[0]?.line ?? entry.line,
        `${clip(check.loc ?? '')} has ${check.alternates.length} hreflang alternates but not itself; each language version lists itself too`,
      );
    }
  }
  return check;
}
