/**
 * The build holds itself to the validator: before a byte is written, every entry goes through
 * the same checks `sitemapkit validate` runs on any sitemap (URLs, the location rule, lastmod,
 * changefreq, priority, hreflang links); every file's size and count are checked against the
 * limits; with `selfCheck: 'xsd'`, every file's XML is validated against the official XSD before
 * it is written. A violation fails the build with the finding. It knows what it wrote, so it
 * checks values, not re-parsed XML: cheap enough to be on by default.
 */

import { earliestOfCode } from '../dates/w3c-datetime.js';
import type { EntryGroup } from '../entries/build-entries.js';
import { SitemapError } from '../errors.js';
import { IMAGE_NS, MAX_URL_LENGTH, SEEDS_MAX_BYTES_PER_SITEMAP, XHTML_NS } from '../limits.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import type { SitemapWarning } from '../types.js';
import { isPlainUrl } from '../url/encode.js';
import {
  checkEntry,
  checkLimits,
  checkW3cDatetime,
  type ParsedEntry,
  type RootKind,
  RULES,
  type RuleId,
  runXsd,
} from '../validate/index.js';
import { formatPriority, type RenderItem } from '../xml/render.js';

const MAX_LISTED = 10;

function valuesKey(item: RenderItem): string {
  return `${item.changefreq ?? ''}|${item.priority ?? ''}`;
}

/**
 * The changefreq and priority pairs an entry passed the full check with. The pair last met is
 * compared as it is: a site gives most of its pages one pair, which then needs no key made (a
 * string a page, at 100,000 pages).
 */
class CleanValues {
  readonly #keys = new Set<string>();
  #last: Pick<RenderItem, 'changefreq' | 'priority'> | null = null;

  has(item: RenderItem): boolean {
    const last = this.#last;
    if (last !== null && item.changefreq === last.changefreq && item.priority === last.priority)
      return true;
    if (!this.#keys.has(valuesKey(item))) return false;
    this.#last = { changefreq: item.changefreq, priority: item.priority };
    return true;
  }

  add(item: RenderItem): void {
    this.#keys.add(valuesKey(item));
    this.#last = { changefreq: item.changefreq, priority: item.priority };
  }
}

/**
 * Whether an entry certainly passes `checkEntry` without a finding, known without running it:
 * a plain URL (`isPlainUrl`: one URL parsing leaves as it is) under the base, no links, a lastmod that is valid and not in the future, and a
 * changefreq and priority that an earlier entry passed the full check with. Everything else takes
 * the full check (which parses the URL: most of its cost on a large site).
 */
function certainlyClean(
  item: RenderItem,
  baseUrl: string,
  now: number,
  cleanValues: CleanValues,
): boolean {
  const url = item.url;
  if (
    item.links !== undefined ||
    url.length >= MAX_URL_LENGTH ||
    !url.startsWith(baseUrl) ||
    !isPlainUrl(url) ||
    !cleanValues.has(item)
  ) {
    return false;
  }
  // A page table's view gives its lastmod's code: valid by construction, read without its text.
  const code = (item as { lastmodCode?: number }).lastmodCode;
  if (code !== undefined && !Number.isNaN(code)) return earliestOfCode(code) <= now;
  if (item.lastmod === undefined) return true;
  const lastmod = checkW3cDatetime(item.lastmod);
  return lastmod.ok && lastmod.earliest <= now;
}

function asParsed(item: RenderItem): ParsedEntry {
  return {
    line: 0,
    locCount: 1,
    loc: { value: item.url, line: 0 },
    ...(item.lastmod ? { lastmod: { value: item.lastmod, line: 0 } } : {}),
    ...(item.changefreq ? { changefreq: { value: item.changefreq, line: 0 } } : {}),
    ...(item.priority !== undefined
      ? { priority: { value: formatPriority(item.priority), line: 0 } }
      : {}),
    links: (item.links ?? []).map((l) => ({
      rel: 'alternate',
      hreflang: l.lang,
      href: l.url,
      line: 0,
    })),
  };
}

function fail(what: string, unwritten: string, messages: string[]): never {
  const shown = messages.slice(0, MAX_LISTED).map((m) => `  - ${m}`);
  if (messages.length > MAX_LISTED) shown.push(`  - and ${messages.length - MAX_LISTED} more`);
  throw new SitemapError(
    'self-check',
    `sitemapkit: the self-check found ${messages.length} protocol violation${messages.length === 1 ? '' : 's'} in ${what}; ${unwritten}:\n${shown.join('\n')}`,
  );
}

/** Checks every entry before anything is written; warnings are added, errors throw. */
export function checkEntries(
  groups: readonly EntryGroup[],
  options: ResolvedOptions,
  warnings: SitemapWarning[],
): void {
  if (options.selfCheck === false) return;
  const ctx = {
    kind: 'urlset' as const,
    self: new URL(`${options.baseUrl}${options.filenameBase}-0.xml`),
    now: Date.now(),
  };
  const errors: string[] = [];
  const warned = new Map<RuleId, { count: number; first: string }>();
  const cleanValues = new CleanValues();
  for (const group of groups) {
    for (const item of group.items) {
      if (certainlyClean(item, options.baseUrl, ctx.now, cleanValues)) continue;
      const { findings } = checkEntry(asParsed(item), ctx);
      if (findings.length === 0) cleanValues.add(item);
      for (const finding of findings) {
        const text = `[${finding.rule}] ${finding.url ?? item.url}: ${finding.message}`;
        if (RULES[finding.rule].severity === 'error') errors.push(text);
        else {
          const seen = warned.get(finding.rule);
          if (seen) seen.count++;
          else warned.set(finding.rule, { count: 1, first: text });
        }
      }
    }
  }
  if (errors.length > 0) fail('the entries about to be written', 'nothing was written', errors);
  for (const [rule, { count, first }] of warned) {
    warnings.push({
      code: `self-check:${rule}`,
      message: count === 1 ? first : `${first} (and ${count - 1} more URLs)`,
    });
  }
}

/** Checks one file before it is written: limits always, the XSD with `selfCheck: 'xsd'`. */
export async function checkFile(
  kind: RootKind,
  name: string,
  xml: Buffer,
  entries: number,
  withLinks: boolean,
  options: ResolvedOptions,
  withImages = false,
): Promise<void> {
  if (options.selfCheck === false) return;
  const preset =
    options.maxBytesPerSitemap > SEEDS_MAX_BYTES_PER_SITEMAP || options.maxSitemapsPerIndex > 1000
      ? 'current'
      : 'seeds';
  const limits = checkLimits(kind, entries, xml.length, preset).filter(
    (f) => f.severity === 'error',
  );
  if (limits.length > 0)
    fail(
      name,
      `${name} was not written`,
      limits.map((f) => `[${f.rule}] ${name}: ${f.message}`),
    );
  if (options.selfCheck !== 'xsd') return;
  // Images: Google's schema is not shipped, so `image:image` is checked as a stub (xsd.ts).
  const extensions = new Map<string, ReadonlySet<string>>([
    ...(withLinks ? [[XHTML_NS, new Set(['link'])] as const] : []),
    ...(withImages ? [[IMAGE_NS, new Set(['image'])] as const] : []),
  ]);
  const errors = (await runXsd([{ id: 0, kind, xml, extensions }])).get(0) ?? [];
  if (errors.length > 0)
    fail(
      name,
      `${name} was not written`,
      errors.map((e) => `[xsd] ${name}${e.line ? `:${e.line}` : ''}: ${e.message}`),
    );
}
