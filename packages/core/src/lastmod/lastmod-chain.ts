/**
 * The lastmod chain: the first link that knows a page's date wins, and the result says which.
 * Pure: candidates are gathered by the caller.
 */
import type { LastmodProvenance, LastmodSource } from '../types.js';

export interface LastmodCandidates {
  frontmatter?: { value: string; field: string };
  head?: string;
  git?: string;
  mtime?: string;
}

export interface PickedLastmod {
  value?: string;
  from: LastmodProvenance;
}

/**
 * @example pickLastmod({ head: '2024-01-05', mtime: '2024-02-01' }, ['frontmatter', 'head', 'mtime'])
 *   // { value: '2024-01-05', from: 'html-meta' }
 */
export function pickLastmod(
  candidates: LastmodCandidates,
  order: readonly LastmodSource[],
  fallback?: string,
): PickedLastmod {
  for (const source of order) {
    if (source === 'frontmatter' && candidates.frontmatter) {
      return {
        value: candidates.frontmatter.value,
        from: `frontmatter:${candidates.frontmatter.field}`,
      };
    }
    if (source === 'head' && candidates.head) return { value: candidates.head, from: 'html-meta' };
    if (source === 'git' && candidates.git) return { value: candidates.git, from: 'git' };
    if (source === 'mtime' && candidates.mtime) return { value: candidates.mtime, from: 'mtime' };
  }
  if (fallback) return { value: fallback, from: 'option' };
  return { from: 'none' };
}
