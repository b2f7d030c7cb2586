/** How git names paths and commits: quoted paths, and the commits whose changes do not count. Pure. */

/** Commits whose changes do not count: full hashes, and abbreviated ones matched by prefix. */
export interface IgnoredRevs {
  full: Set<string>;
  prefixes: string[];
}

const FULL_HASH = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const HASH_PREFIX = /^[0-9a-f]{7,64}$/i;
/** The conventional file of commits that changed no content (mass reformatting). */
export const IGNORE_REVS_FILE = '.git-blame-ignore-revs';

/** Unquotes a path git printed in C style (`"caf\303\251.md"`). */
export function unquoteGitPath(path: string): string {
  if (!path.startsWith('"') || !path.endsWith('"')) return path;
  const body = path.slice(1, -1);
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const next = body[++i] as string;
    if (/[0-7]/.test(next)) {
      bytes.push(Number.parseInt(body.slice(i, i + 3), 8));
      i += 2;
    } else {
      const map: Record<string, number> = {
        n: 10,
        t: 9,
        r: 13,
        '"': 34,
        '\\': 92,
        a: 7,
        b: 8,
        f: 12,
        v: 11,
      };
      bytes.push(map[next] ?? next.charCodeAt(0));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Reads an ignore-revs file's text: one hash a line, `#` comments; other lines are problems.
 * @example parseIgnoreRevs('# reformat\n' + 'a'.repeat(40) + '\nnot-a-hash\n', 'x') // one hash, one problem naming x:3
 */
export function parseIgnoreRevs(
  text: string,
  file: string,
  into: IgnoredRevs,
  problems: string[],
): void {
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*/, '').trim().toLowerCase();
    if (line === '') return;
    if (FULL_HASH.test(line)) into.full.add(line);
    else
      problems.push(
        `${file}:${index + 1}: ${JSON.stringify(raw.trim().slice(0, 80))} is not a full commit hash; ignored`,
      );
  });
}

/** The user's `gitIgnoreRevs` (checked by the options). */
export function ignoredRevs(hashes: readonly string[]): IgnoredRevs {
  const revs: IgnoredRevs = { full: new Set(), prefixes: [] };
  for (const hash of hashes) {
    const h = hash.toLowerCase();
    if (FULL_HASH.test(h)) revs.full.add(h);
    else if (HASH_PREFIX.test(h)) revs.prefixes.push(h);
  }
  return revs;
}

export function isIgnored(hash: string, revs: IgnoredRevs): boolean {
  return revs.full.has(hash) || revs.prefixes.some((p) => hash.startsWith(p));
}
