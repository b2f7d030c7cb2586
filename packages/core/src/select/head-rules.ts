/**
 * Judges a page by what its head says: noindex, canonical elsewhere, redirect stub, hreflang
 * alternates, modified time. Pure. Its problems are a few lines per page at most, whatever the
 * head holds, each echoing at most `MAX_ECHOED` characters of it.
 */

import { parseLastmod } from '../dates/w3c-datetime.js';
import type { HeadInfo } from '../discover/head-tags.js';
import { ownString } from '../flat-string.js';
import type { HeadRules } from '../options/option-parts.js';
import type { ExclusionReason, LinkItem } from '../types.js';
import { isLanguageTag } from '../url/language-tag.js';
import { MAX_ECHOED, quoted } from '../url/shorten.js';
import { headExclusion, resolveHref } from './exclusions.js';

export interface HeadVerdict {
  excluded?: ExclusionReason;
  detail?: string;
  /**
   * The page's canonical URL when it names this same page in another form (`/about` for
   * `/about.html`, `/docs/` for `/docs`): the form the site says it is served at.
   */
  canonicalForm?: string;
  alternates: LinkItem[];
  /** The page's own language (`<html lang>`, as hreflang writes it), when it has alternates. */
  lang?: string;
  modified?: string;
  published?: string;
  problems: string[];
  /**
   * The bytes of the head that were read, when it went on past them (`HeadInfo.cutAt`) and the
   * page is still in: a rule after them was not seen.
   */
  cutAt?: number;
}

/** A bad date of the head, for the problems. */
function dateProblem(what: string, value: string, reason: string): string {
  // The reason quotes the value as written: a long one is quoted shortened instead.
  if (value.length > MAX_ECHOED) return `${what} in the head: ${quoted(value)} is not a date`;
  return `${what} in the head: ${reason}`;
}

/**
 * What the head says about the page. The strings in the verdict are copies: the head's text is
 * not kept alive by the few values a page keeps from it.
 */
export function judgeHead(head: HeadInfo, pageUrl: string, rules: HeadRules): HeadVerdict {
  const verdict: HeadVerdict = { alternates: [], problems: [] };
  const judged = headExclusion(head, pageUrl, rules);
  if (judged.excluded) {
    verdict.excluded = judged.excluded;
    verdict.detail = ownString(judged.detail ?? '');
  } else if (judged.canonicalForm !== undefined) {
    verdict.canonicalForm = ownString(judged.canonicalForm);
  } else if (judged.problem !== undefined) {
    verdict.problems.push(judged.problem);
  }
  if (rules.hreflang) {
    const seen = new Set<string>();
    // One problem per page however many are bad: the count, and the first as an example.
    let invalid = 0;
    let first = '';
    for (const { lang, href } of head.alternates) {
      const url = resolveHref(href, pageUrl);
      if (!isLanguageTag(lang, true) || url === null) {
        if (invalid++ === 0) first = `${quoted(lang)} -> ${quoted(href)}`;
        continue;
      }
      const key = `${lang.toLowerCase()} ${url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      verdict.alternates.push({ lang: ownString(lang), url: ownString(url) });
    }
    const lang = head.lang?.replaceAll('_', '-');
    if (verdict.alternates.length > 0 && lang && isLanguageTag(lang))
      verdict.lang = ownString(lang);
    if (invalid === 1) verdict.problems.push(`hreflang alternate ${first} is not valid`);
    else if (invalid > 1) {
      verdict.problems.push(
        `${invalid} hreflang alternates are not valid; left out, the first: ${first}`,
      );
    }
  }
  if (head.modifiedTime !== undefined) {
    const parsed = parseLastmod(head.modifiedTime);
    if (parsed.ok) verdict.modified = parsed.value;
    else verdict.problems.push(dateProblem('modified date', head.modifiedTime, parsed.reason));
  }
  if (head.publishedTime !== undefined) {
    const parsed = parseLastmod(head.publishedTime);
    if (parsed.ok) verdict.published = parsed.value;
    else verdict.problems.push(dateProblem('published date', head.publishedTime, parsed.reason));
  }
  // A page a rule before the cut left out needs no word of it: nothing after can bring it back.
  if (head.cutAt !== undefined && verdict.excluded === undefined) verdict.cutAt = head.cutAt;
  return verdict;
}
