/** Small value checks for options, each adding a readable problem to a list. Pure. */
import { CHANGEFREQS } from '../limits.js';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function checkOneOf<T extends string>(
  problems: string[],
  name: string,
  value: unknown,
  allowed: readonly T[],
): value is T | undefined {
  if (value === undefined) return true;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return true;
  problems.push(
    `\`${name}\` must be one of ${allowed.map((a) => `'${a}'`).join(', ')}; got ${JSON.stringify(value)}`,
  );
  return false;
}

export function checkInt(
  problems: string[],
  name: string,
  value: unknown,
  min: number,
  max: number,
): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    problems.push(
      `\`${name}\` must be a whole number from ${min} to ${max}; got ${JSON.stringify(value)}`,
    );
  }
}

export function checkStringArray(problems: string[], name: string, value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v === '')) {
    problems.push(`\`${name}\` must be an array of non-empty strings`);
  }
}

export function checkFunction(problems: string[], name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function') {
    problems.push(`\`${name}\` must be a function; got ${typeof value}`);
  }
}

/** Validates `priority` (0.0-1.0); returns a problem text or null. */
export function priorityProblem(value: unknown): string | null {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0 || value > 1) {
    return `must be a number from 0.0 to 1.0; got ${JSON.stringify(value)}`;
  }
  return null;
}

/** Validates `changefreq`; returns a problem text or null. */
export function changefreqProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !(CHANGEFREQS as readonly string[]).includes(value)) {
    return `must be one of ${CHANGEFREQS.join(', ')}; got ${JSON.stringify(value)}`;
  }
  return null;
}
