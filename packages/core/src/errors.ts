/** Where a problem lies: the option path, file or URL at fault. */
export interface ErrorContext {
  option?: string;
  file?: string;
  url?: string;
  line?: number;
}

export type SitemapErrorCode =
  | 'invalid-options'
  | 'outdir-missing'
  | 'outdir-empty'
  | 'outdir-refused'
  | 'foreign-file'
  | 'locked'
  | 'location'
  | 'invalid-entry'
  | 'callback-failed'
  | 'page-unreadable'
  | 'invalid-date'
  | 'invalid-frontmatter'
  | 'write-failed'
  | 'thread-failed'
  | 'dependency-missing'
  | 'self-check';

/**
 * The one error type of sitemapkit. `code` says what went wrong, `context` where, and
 * `problems` lists every problem found when there were several (invalid options).
 */
export class SitemapError extends Error {
  readonly code: SitemapErrorCode;
  readonly context: ErrorContext;
  readonly problems: string[];

  constructor(
    code: SitemapErrorCode,
    message: string,
    context: ErrorContext = {},
    problems: string[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SitemapError';
    this.code = code;
    this.context = context;
    this.problems = problems;
  }
}

export function isSitemapError(error: unknown): error is SitemapError {
  return error instanceof SitemapError;
}

/**
 * Whether `error` is a library the core could not load (`dependencies.ts`): the build's fault,
 * which code that turns a file's fault into a warning passes on.
 */
export function isMissingDependency(error: unknown): error is SitemapError {
  return error instanceof SitemapError && error.code === 'dependency-missing';
}
