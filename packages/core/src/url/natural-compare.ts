function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * Numeric-aware, locale-independent string order: `page-2` before `page-10`. Characters compare
 * by code unit; where both strings have a run of digits at the same place, the runs compare by
 * value (then by length, so `02` follows `2`). Deterministic on every machine (no ICU).
 */
export function naturalCompare(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  let tie = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      let ei = i;
      let ej = j;
      while (ei < a.length && isDigit(a.charCodeAt(ei))) ei++;
      while (ej < b.length && isDigit(b.charCodeAt(ej))) ej++;
      let si = i;
      let sj = j;
      while (si < ei - 1 && a.charCodeAt(si) === 48) si++;
      while (sj < ej - 1 && b.charCodeAt(sj) === 48) sj++;
      const lenDiff = ei - si - (ej - sj);
      if (lenDiff !== 0) return lenDiff;
      const x = a.slice(si, ei);
      const y = b.slice(sj, ej);
      if (x !== y) return x < y ? -1 : 1;
      if (tie === 0) tie = ei - i - (ej - j);
      i = ei;
      j = ej;
      continue;
    }
    if (ca !== cb) return ca - cb;
    i++;
    j++;
  }
  if (a.length - i !== b.length - j) return a.length - i - (b.length - j);
  return tie !== 0 ? tie : a < b ? -1 : 1;
}
