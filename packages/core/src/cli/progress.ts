/**
 * The progress line of a long build: "sitemapkit: 48,000 pages found… (3 s)", drawn in place on
 * stderr (`\r`, then cleared when the build ends), only for a person at a terminal: the stream
 * is a TTY, not in CI, TERM is not `dumb`; and only once the build has run for 1.5 s, so a
 * quick build prints nothing but its summary.
 *
 * The core's walk and head reads are synchronous, so a timer alone would not fire while they
 * run: the line is redrawn from the core's `onProgress` calls (at most every `everyMs`), and
 * from a timer while the build waits on I/O (the elapsed time keeps moving).
 */
import type { BuildProgress } from '../types.js';
import type { Env } from './colour.js';

/** Where the line goes: stderr, or a test's fake terminal. */
export interface ProgressStream {
  isTTY?: boolean;
  /** Width of the terminal: the line is cut to fit, since a wrapped line cannot be redrawn. */
  columns?: number;
  write: (text: string) => void;
}

export interface ProgressOptions {
  stream: ProgressStream;
  env: Env;
  /** Nothing is drawn before the build has run this long. @default 1500 */
  delayMs?: number;
  /** The line is redrawn at most this often. @default 100 */
  everyMs?: number;
  /** The clock. @default Date.now */
  now?: () => number;
}

export interface Progress {
  /** Takes the core's `onProgress` calls. */
  update: (progress: BuildProgress) => void;
  /** Clears the line if it was drawn, and stops; safe to call twice. */
  stop: () => void;
}

/** Clears from the cursor to the end of the line. */
const CLEAR_LINE = '\u001b[K';

/** A progress that draws nothing. */
export const NO_PROGRESS: Progress = { update: () => {}, stop: () => {} };

/**
 * Whether a progress line may be drawn on `stream`.
 * @example progressWanted({ isTTY: true }, {}) // true
 * @example progressWanted({ isTTY: true }, { CI: 'true' }) // false
 */
export function progressWanted(stream: { isTTY?: boolean }, env: Env): boolean {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== '0' && env.CI !== 'false';
  return stream.isTTY === true && !ci && env.TERM !== 'dumb';
}

/** `3 s`, `2 min 5 s`. */
function elapsed(ms: number): string {
  const s = Math.floor(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The line for the latest progress, `pages` found so far, `ms` into the build.
 * @example progressText({ stage: 'walk', done: 48000 }, 48000, 3200) // 'sitemapkit: 48,000 pages found… (3 s)'
 */
export function progressText(latest: BuildProgress | null, pages: number, ms: number): string {
  const found = `${count(pages)} page${pages === 1 ? '' : 's'} found`;
  let doing: string;
  if (latest === null) doing = 'looking for pages…';
  else if (latest.stage === 'walk') doing = `${found}…`;
  else if (latest.stage === 'describe') doing = `${found}; reading their sources and heads…`;
  else {
    const files =
      latest.total === undefined ? '' : ` (${count(latest.done)} of ${count(latest.total)} files)`;
    doing = `${found}; writing the sitemaps…${files}`;
  }
  return `sitemapkit: ${doing} (${elapsed(ms)})`;
}

/**
 * Starts the clock of a build's progress line; `NO_PROGRESS` where no line may be drawn.
 * @example const progress = startProgress({ stream: process.stderr, env: process.env });
 *   await generateSitemaps({ ...options, onProgress: progress.update }).finally(progress.stop);
 */
export function startProgress(options: ProgressOptions): Progress {
  const { stream, env, delayMs = 1500, everyMs = 100, now = Date.now } = options;
  if (!progressWanted(stream, env)) return NO_PROGRESS;
  const started = now();
  let latest: BuildProgress | null = null;
  let pages = 0;
  let drawn = false;
  let lastDraw = -Infinity;
  let stopped = false;

  const draw = (): void => {
    const t = now();
    if (stopped || t - started < delayMs || t - lastDraw < everyMs) return;
    let line = progressText(latest, pages, t - started);
    // One column short of the width: a line that fills it wraps on some terminals.
    const width = stream.columns;
    if (width !== undefined && width > 1 && line.length > width - 1)
      line = line.slice(0, width - 1);
    stream.write(`\r${line}${CLEAR_LINE}`);
    drawn = true;
    lastDraw = t;
  };
  const timer = setInterval(draw, everyMs);
  timer.unref?.();

  return {
    update(progress) {
      latest = progress;
      if (progress.stage === 'walk' || progress.stage === 'describe')
        pages = Math.max(pages, progress.stage === 'walk' ? progress.done : (progress.total ?? 0));
      draw();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      if (drawn) stream.write(`\r${CLEAR_LINE}`);
    },
  };
}
