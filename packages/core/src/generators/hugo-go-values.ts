/**
 * Reads the settings `hugo config` prints before Hugo 0.112, which has no JSON form: one line per
 * setting, `key = value` (a TOML-configured site) or `key: value`, keys lowercased and sorted,
 * strings in quotes, maps and slices as Go prints them (`map[de:map[weight:3] en:map[weight:1]]`,
 * `[a b]`). Go prints map keys sorted too, which is what tells a key from a value holding spaces
 * and colons (`title:Mon site: le titre weight:1`). Pure.
 */

/** A setting's line: a lowercased key, then ` = ` or `: ` (the one separator of the output). */
const SETTING_LINE = /^([a-z0-9_]+)( = |: )(.*)$/;
/** A key inside a Go map, read where a value may end: ` key:`. */
const MAP_KEY_AHEAD = /([^\s:[\]]+):/y;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** A scalar as Go printed it: booleans and numbers typed, anything else the text. */
function scalar(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (NUMBER.test(text)) return Number(text);
  return text;
}

/** Where a scalar starting at `from` ends: a `]`, or (in a map) the next, later-sorting key. */
function scalarEnd(s: string, from: number, key: string | undefined): number {
  for (let p = from; p < s.length; p++) {
    const c = s[p];
    if (c === ']') return p;
    if (c !== ' ') continue;
    if (key === undefined) return p;
    MAP_KEY_AHEAD.lastIndex = p + 1;
    const next = MAP_KEY_AHEAD.exec(s);
    if (next && (next[1] as string) > key) return p;
  }
  return s.length;
}

/** One value at `i`: a map, a slice or a scalar; returns it and where it ends. */
function readValue(s: string, i: number, key: string | undefined): [unknown, number] {
  if (s.startsWith('map[', i)) return readMap(s, i + 4);
  if (s[i] === '[') return readSlice(s, i + 1);
  const end = scalarEnd(s, i, key);
  return [scalar(s.slice(i, end)), end];
}

function readMap(s: string, from: number): [Record<string, unknown>, number] {
  const out: Record<string, unknown> = {};
  let i = from;
  while (i < s.length && s[i] !== ']') {
    const colon = s.indexOf(':', i);
    if (colon === -1) return [out, s.length];
    const key = s.slice(i, colon);
    const [value, end] = readValue(s, colon + 1, key);
    out[key] = value;
    i = s[end] === ' ' ? end + 1 : end;
  }
  return [out, i + 1];
}

function readSlice(s: string, from: number): [unknown[], number] {
  const out: unknown[] = [];
  let i = from;
  while (i < s.length && s[i] !== ']') {
    const [value, end] = readValue(s, i, undefined);
    out.push(value);
    if (end === i) return [out, s.length];
    i = s[end] === ' ' ? end + 1 : end;
  }
  return [out, i + 1];
}

/**
 * A value as Go's `%+v` prints it.
 * @example parseGoValue('map[de:map[weight:3] fr:map[contentdir:content.fr weight:2]]')
 *   // { de: { weight: 3 }, fr: { contentdir: 'content.fr', weight: 2 } }
 */
export function parseGoValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"'))
    return trimmed.slice(1, -1);
  if (trimmed.startsWith('map[') || trimmed.startsWith('[')) return readValue(trimmed, 0, '')[0];
  return scalar(trimmed);
}

/**
 * Every setting of `hugo config`'s text output. A line that does not start a setting (with the
 * separator of the first line, and a key that sorts after the one before) continues the value
 * above: a string with line breaks.
 * @example parseConfigLines('baseurl = "https://e.org/"\nuglyurls = false\n')
 *   // { baseurl: 'https://e.org/', uglyurls: false }
 */
export function parseConfigLines(text: string): Record<string, unknown> {
  const raw: Array<[string, string]> = [];
  let separator: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const match = SETTING_LINE.exec(line);
    const last = raw.at(-1);
    separator ??= match?.[2];
    if (match && match[2] === separator && (!last || (match[1] as string) > last[0])) {
      raw.push([match[1] as string, match[3] as string]);
    } else if (last) {
      last[1] += `\n${line}`;
    }
  }
  return Object.fromEntries(raw.map(([key, value]) => [key, parseGoValue(value.trimEnd())]));
}
