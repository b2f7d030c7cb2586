/**
 * "Did you mean ...?" for a mistyped flag, command or option: the nearest known word by edit
 * distance (a swap of two neighbours counts as one edit), if it is near enough to be a typo. Pure.
 */

const CAMEL_HUMP = /([a-z0-9])([A-Z])/g;
const UNDERSCORE = /_/g;

/**
 * Edits that turn `a` into `b`: insertions, deletions, substitutions, and swaps of two
 * neighbouring characters (optimal string alignment).
 * @example editDistance('biuld', 'build') // 1
 */
export function editDistance(a: string, b: string): number {
  // Three rows are enough: the swap looks two rows back.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (before[j - 2] as number) + 1);
      current[j] = best;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length] as number;
}

/** `--trailingSlash`, `--trailing_slash` -> `--trailing-slash`: the spellings of other tools. */
function kebab(word: string): string {
  return word.replace(CAMEL_HUMP, '$1-$2').replace(UNDERSCORE, '-').toLowerCase();
}

/**
 * The known word `word` was most likely meant to be, or undefined when none is near: another
 * spelling of it (camelCase, snake_case), the one word it is the start of (or of which the others
 * it starts are longer forms), or the nearest within
 * about 2 edits in 5 characters (ties go to the earlier candidate).
 * @example closest('--sit', ['--site', '--base']) // '--site'
 * @example closest('--trailingSlash', ['--trailing-slash']) // '--trailing-slash'
 * @example closest('--frobnicate', ['--site', '--base']) // undefined
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const wanted = kebab(word);
  const same = candidates.find((c) => c === wanted);
  if (same) return same;
  const bare = wanted.replace(/^-+/, '');
  if (bare.length >= 3) {
    const starts = candidates.filter((c) => c.replace(/^-+/, '').startsWith(bare));
    // `--no-robots` starts `--no-robots-txt` and `--no-robots-txt-replace`: the one the others
    // extend is meant.
    const shortest = starts.reduce<string | undefined>(
      (a, c) => (a === undefined || c.length < a.length ? c : a),
      undefined,
    );
    if (shortest !== undefined && starts.every((c) => c.startsWith(shortest))) return shortest;
  }
  const limit = Math.max(1, Math.floor(bare.length * 0.4));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const distance = editDistance(bare, candidate.replace(/^-+/, ''));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * `; did you mean --site?`, or nothing when no known word is near.
 * @example didYouMean('--sit', ['--site']) // '; did you mean --site?'
 */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const match = closest(word, candidates);
  return match === undefined ? '' : `; did you mean ${match}?`;
}
