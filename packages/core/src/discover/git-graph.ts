/**
 * The dates of a history with merges, as `git log -1 -- <file>` finds each: along the file's own
 * line of history. A pass over folders walks every branch a merge brought in when the folder
 * differs from each parent, but git, asked of one file, follows only the first parent the merge
 * left that file as it was: a side branch that carried the same content (a subtree import, a
 * branch merged with what the main line already had) dates nothing. A merge that changed the
 * file against every parent (both sides edited it) is its date.
 *
 * Two `git log` processes over the folders' whole graph (`--full-history`: every commit that
 * changed them and every merge, each with its parents as they are in that graph): the merges'
 * combined diffs (which files a merge changed against every parent; small), then each commit's
 * changes against its first parent, children before parents. The files start at the pass's top
 * commit, all together on its first-parent line; a file a merge changed against its first
 * parent but not against another goes down that other line on its own (the second parent's:
 * of a merge of more than two, which of the others git would take is not told, so the second).
 * Each file is dated by the first change on its line, as the one-pass reading does
 * (`git-history.ts`): a 100% rename hands its identity to the old name, an ignored commit dates
 * only as a fallback, a shallow boundary cuts. Moves in from outside the folders are not seen by a diff limited to them: the
 * one-pass reading tells them (`PassSaw.movesIn`).
 */

import type { History } from './git-history.js';
import { eachLine, pathTests } from './git-lines.js';
import { type IgnoredRevs, isIgnored, unquoteGitPath } from './git-paths.js';

/** The first character of a commit's line (`%x1e`). */
const COMMIT_LINE = '\x1e';

/**
 * Hears, once the pass is past a commit, of the files it dated by that commit's additions (name
 * -> file). A move in from outside the folders is such an addition in a diff limited to them:
 * the one-pass reading, which reads each commit whole, tells which (`PassSaw.movesIn`).
 */
export type OnAdded = (commit: string, byName: Map<string, string>) => void;

/** Runs git and hands each line of its output to `onLine` as a string. */
function eachText(top: string, args: string[], onLine: (line: string) => void): Promise<void> {
  return eachLine(top, args, (bytes, from, to) => onLine(bytes.toString('utf8', from, to)));
}

/** The files each merge changed against every parent, by merge. */
async function changedAgainstAll(
  top: string,
  from: string[],
  paths: string[],
): Promise<Map<string, Set<string>>> {
  const byMerge = new Map<string, Set<string>>();
  let changed: Set<string> | null = null;
  await eachText(
    top,
    ['log', '--merges', '--full-history', '-c', '--format=%x1e%H', '--name-status'].concat(from, [
      '--',
      ...paths,
    ]),
    (line) => {
      if (line.startsWith(COMMIT_LINE)) {
        changed = new Set();
        byMerge.set(line.slice(1), changed);
      } else if (line !== '' && changed !== null) {
        changed.add(unquoteGitPath(line.slice(line.lastIndexOf('\t') + 1)));
      }
    },
  );
  return byMerge;
}

/**
 * One pass over `paths` along each file's line of history (see above), into `into` (empty);
 * `before`: the history before that commit only; `onAdded` hears of additions.
 */
export async function graphPass(
  top: string,
  paths: string[],
  boundary: Set<string>,
  revs: IgnoredRevs,
  into: History,
  before: string | undefined,
  onAdded: OnAdded,
): Promise<void> {
  const { dates, cut } = into;
  const { inside } = pathTests(paths);
  const from = before === undefined ? [] : [`${before}^`];
  // Read beside the pass below, whose lines wait for it (it is the shorter: merges only).
  let againstAll: Map<string, Set<string>> | null = null;
  const merges = changedAgainstAll(top, from, paths).then((read) => {
    againstAll = read;
  });
  // Awaited below, after the pass: a failure of both is said once.
  merges.catch(() => {});
  let added = new Map<string, string>();

  /** Files sent down a line of their own, by the commit they reach next: name there -> file. */
  const waiting = new Map<string, Map<string, string>>();
  const send = (commit: string | undefined, name: string, file: string) => {
    if (commit === undefined) return;
    const files = waiting.get(commit) ?? new Map<string, string>();
    waiting.set(commit, files.set(name, file));
  };
  /**
   * The files still on the top commit's first-parent line: every name not in `left`, or a name
   * an older commit gave a file (`renamed`: old name -> file).
   */
  let line: string | undefined;
  let first = true;
  const left = new Set<string>();
  const renamed = new Map<string, string>();
  const fallback = new Map<string, number>();

  // The commit being read.
  let hash = '';
  let time = 0;
  let parents: string[] = [];
  let onLine = false;
  let arriving = new Map<string, string>();
  let isBoundary = false;
  let skip = false;

  /** Sends on what the commit did not touch; tells what it added. */
  const commitRead = () => {
    if (hash === '') return;
    for (const [name, file] of arriving) send(parents[0], name, file);
    if (onLine) line = parents[0];
    if (added.size > 0) {
      onAdded(hash, added);
      added = new Map();
    }
  };

  /** The file `name` is on this commit, or undefined; it is taken off the line it was on. */
  const take = (name: string): string | undefined => {
    const file = arriving.get(name);
    if (file !== undefined) {
      arriving.delete(name);
      return file;
    }
    if (!onLine) return undefined;
    const renamedFile = renamed.get(name);
    if (renamedFile !== undefined) {
      renamed.delete(name);
      left.add(name);
      return renamedFile;
    }
    if (left.has(name)) return undefined;
    left.add(name);
    return name;
  };

  /** Puts `file`, known here as `name`, back on its way to the first parent. */
  const goOn = (name: string, file: string, wasOnLine: boolean) => {
    if (wasOnLine) {
      left.delete(name);
      if (name !== file) renamed.set(name, file);
    } else send(parents[0], name, file);
  };

  /** A line of the pass's output, once the merges' diffs are read. */
  const onText = (text: string) => {
    if (text.startsWith(COMMIT_LINE)) {
      commitRead();
      const [h = '', seconds = '0', ...rest] = text.slice(1).split(' ');
      hash = h;
      time = Number(seconds) * 1000;
      parents = rest.filter((p) => p !== '');
      if (first) {
        line = hash;
        first = false;
      }
      onLine = hash === line;
      arriving = waiting.get(hash) ?? new Map();
      waiting.delete(hash);
      isBoundary = boundary.has(hash);
      skip = !isBoundary && isIgnored(hash, revs);
      return;
    }
    if (text === '' || text[0] === 'D') return;
    const fields = text.split('\t');
    const status = fields[0] ?? '';
    const name = unquoteGitPath(fields[fields.length - 1] ?? '');
    if (!inside(name)) return;
    const wasOnLine = !arriving.has(name);
    const file = take(name);
    if (file === undefined) return;
    // A merge that left the file as another parent had it: that parent's line is the file's.
    if (parents.length > 1 && !(againstAll as Map<string, Set<string>>).get(hash)?.has(name)) {
      send(parents[1], name, file);
      return;
    }
    const old = status === 'R100' && fields.length === 3 ? unquoteGitPath(fields[1] ?? '') : null;
    if (old !== null && inside(old)) {
      // A pure rename: the file goes on under its old name.
      if (skip && !fallback.has(file)) fallback.set(file, time);
      goOn(old, file, wasOnLine);
      return;
    }
    if (skip) {
      if (!fallback.has(file)) fallback.set(file, time);
      goOn(name, file, wasOnLine);
      return;
    }
    if (isBoundary) {
      cut.add(file);
      return;
    }
    if (dates.has(file) || cut.has(file)) return;
    dates.set(file, time);
    if (status === 'A') added.set(name, file);
  };
  /** Lines that came before the merges' diffs were read. */
  let early: string[] | null = [];
  await eachText(
    top,
    [
      'log',
      '--full-history',
      '--parents',
      '--topo-order',
      '--diff-merges=first-parent',
      '-M100%',
      '--format=%x1e%H %ct %P',
      '--name-status',
      ...from,
      '--',
      ...paths,
    ],
    (text) => {
      if (early !== null && againstAll === null) early.push(text);
      else {
        if (early !== null) {
          for (const held of early) onText(held);
          early = null;
        }
        onText(text);
      }
    },
  );
  await merges;
  for (const held of early ?? []) onText(held);
  commitRead();
  for (const [path, at] of fallback) if (!dates.has(path) && !cut.has(path)) dates.set(path, at);
}
