/**
 * A set of line spans (first, last), added in line order, kept merged: spans that touch or overlap
 * become one, so a run of entries with the same problem costs one span, not one per entry. Asked
 * "is this line in a span?" by binary search. Pure.
 */

export class LineSpans {
  /** first0, last0, first1, last1, ...: sorted, disjoint, not touching. */
  private readonly bounds: number[] = [];

  /** Adds a span; spans come in order of their first line, none starting before the last one. */
  add(first: number, last: number): void {
    const n = this.bounds.length;
    const prevLast = n > 0 ? (this.bounds[n - 1] as number) : Number.NEGATIVE_INFINITY;
    if (n > 0 && first <= prevLast + 1) {
      this.bounds[n - 1] = Math.max(prevLast, last);
      return;
    }
    this.bounds.push(first, last);
  }

  /**
   * Whether a line is inside a span.
   * @example const s = new LineSpans(); s.add(3, 5); s.add(6, 8); s.covers(7) // true
   */
  covers(line: number): boolean {
    let lo = 0;
    let hi = this.bounds.length / 2 - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const first = this.bounds[2 * mid] as number;
      const last = this.bounds[2 * mid + 1] as number;
      if (line < first) hi = mid - 1;
      else if (line > last) lo = mid + 1;
      else return true;
    }
    return false;
  }

  /** How many disjoint spans are kept. */
  get size(): number {
    return this.bounds.length / 2;
  }
}
