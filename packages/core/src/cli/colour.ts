/**
 * Colour for the CLI's output, only where a person reads it: the stream is a terminal,
 * NO_COLOR (https://no-color.org) is unset or empty, and TERM is not `dumb`. FORCE_COLOR turns
 * it on anywhere (`0` or `false`: off), and wins over NO_COLOR, as in Node's own
 * `tty.getColorDepth`. Pure: the stream and the environment are passed in.
 *
 * Not node:util `styleText`: it decides from the real process's streams and environment, where
 * this takes them as arguments (the CLI's IO is injectable, and so is its test's terminal).
 */

/** What colour needs to know of a stream. */
export interface ColourStream {
  isTTY?: boolean;
}

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Whether text written to `stream` may be coloured.
 * @example colourWanted({ isTTY: true }, {}) // true
 * @example colourWanted({ isTTY: true }, { NO_COLOR: '1' }) // false
 * @example colourWanted({ isTTY: false }, { FORCE_COLOR: '1' }) // true
 */
export function colourWanted(stream: ColourStream, env: Env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

/** The styles the CLI uses; each returns its text unchanged when colour is off. */
export interface Style {
  red: (text: string) => string;
  yellow: (text: string) => string;
  bold: (text: string) => string;
}

const plain = (text: string) => text;

/** No colour at all. */
export const PLAIN: Style = { red: plain, yellow: plain, bold: plain };

/** SGR codes, each closed by its own reset so styles nest. */
const COLOURED: Style = {
  red: (text) => `\u001b[31m${text}\u001b[39m`,
  yellow: (text) => `\u001b[33m${text}\u001b[39m`,
  bold: (text) => `\u001b[1m${text}\u001b[22m`,
};

/**
 * The styles for text written to `stream`.
 * @example styleFor({ isTTY: true }, {}).red('error') // '\u001b[31merror\u001b[39m'
 * @example styleFor({ isTTY: false }, {}).red('error') // 'error'
 */
export function styleFor(stream: ColourStream, env: Env): Style {
  return colourWanted(stream, env) ? COLOURED : PLAIN;
}
