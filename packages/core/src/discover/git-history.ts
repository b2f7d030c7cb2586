/**
 * Reads a repository's history (runs git): per file, the newest commit that changed its content.
 * Used by `read-git-dates.ts`, which finds the repositories and what the work tree says.
 *
 * One `git log --name-status` pass over the source folders, newest commit first, with exact
 * renames only (`-M100%`: a rename that also edits is a change either way, and the similarity
 * search for inexact ones is what costs):
 * - a 100% rename passes the file's identity on to its old name (the move changed nothing);
 * - a commit in the ignored set changes nothing, but its date is kept as a fallback;
 * - a commit at a shallow boundary shows every file as added: those files' dates are cut.
 * The pass reads each commit whole (`--full-diff`), so a file moved in from outside the source
 * folders (a site restructured from `src/data/blog` to `src/content/posts`) shows as the move it
 * is, and the other files of the commit are passed over. Before the move the file had its old
 * name, outside the pass's folders: as soon as the pass is past the commit, a further pass reads
 * the folders the files left, before the move, while this one goes on (as many moves back as
 * MAX_MOVES). A pass is one process whatever the number of files; the old names of files moved by
 * different commits are read in one pass per commit, a few at once.
 *
 * Newest first is each file's own history only where the history is a line. Once the pass sees
 * a merge, the dates are read again along each file's line of history (`git-graph.ts`, two more
 * processes), as `git log -1 -- <file>` reads it; this pass goes on for the moves in from outside
 * the folders, which only it sees.
 */
import { StringRows } from '../columns/string-rows.js';
import { foldersHolding } from '../files/folders.js';
import { ContentDates } from './content-dates.js';
import { graphPass } from './git-graph.js';
import { eachLine, pathTests } from './git-lines.js';
import { type IgnoredRevs, isIgnored, unquoteGitPath } from './git-paths.js';

/** Moves from outside the folders that are followed back, one after the other. */
const MAX_MOVES = 8;

/** Paths relative to the repository's top. */
export interface History {
  dates: ContentDates;
  cut: StringRows;
}

/** Git processes run at once when a history is read in several independent passes. */
const POOL = 4;

const TAB = 0x09;
const QUOTE = 0x22;
/** The first byte of a commit's line (`%x1e`), and of a deletion's. */
const COMMIT_LINE = 0x1e;
const DELETED = 0x44;
/** The first byte of a rename's line (`R100`). */
const RENAMED = 0x52;

/** What a pass is told besides its folders. */
interface PassOptions {
  /** Reads the history before this commit only (what a moved file's old name held then). */
  before?: string;
  /** The names whose moves in are told (every name when not given). */
  only?: StringRows;
  /**
   * Hears of the files a commit moved in from outside the pass's folders (old name -> name in
   * the pass), once the pass is past the commit.
   */
  onMoves?: (commit: string, byOldName: Map<string, string>) => void;
}

/**
 * What a pass saw besides the dates: whether its history has a merge (its dates are then read
 * again along each file's own line, `git-graph.ts`), and every move in from outside its folders,
 * by commit (name in the pass -> old name), which that reading does not see.
 */
export interface PassSaw {
  merges: boolean;
  movesIn: Map<string, Map<string, string>>;
}

/** One `git log` pass over `paths` (folders or files), newest first, into `into` (empty). */
async function logPass(
  top: string,
  paths: string[],
  boundary: Set<string>,
  revs: IgnoredRevs,
  into: History,
  { before, only, onMoves }: PassOptions = {},
  saw: PassSaw = { merges: false, movesIn: new Map() },
  /** Called once, at the first merge the pass reads. */
  onMerge: () => void = () => {},
): Promise<void> {
  const { dates, cut } = into;
  const { bytesInside, inside } = pathTests(paths);
  /** Old path (as git names it in older commits) -> the path the file has now. */
  const renamedTo = new Map<string, string>();
  /**
   * Names a file was renamed to: in older commits such a name is another file's (one deleted
   * before the rename, say), unless an older rename maps it (`renamedTo`).
   */
  const renamedInto = new Set<string>();
  const fallback = new Map<string, number>();
  let hash = '';
  let time = 0;
  let isBoundary = false;
  let skip = false;
  /** The files the commit being read moved in: old name -> name now. */
  let movedIn = new Map<string, string>();
  const from = before === undefined ? [] : [`${before}^`];
  /** A line of a file's change, as a string: the rare case (a move, a quoted name, ...). */
  const onChange = (line: string) => {
    const fields = line.split('\t');
    const status = fields[0] ?? '';
    if (status[0] === 'D') return;
    const path = unquoteGitPath(fields[fields.length - 1] ?? '');
    if (!inside(path)) return;
    if (status === 'R100' && fields.length === 3) {
      const from = unquoteGitPath(fields[1] ?? '');
      if (!inside(from)) {
        const moves = saw.movesIn.get(hash) ?? new Map<string, string>();
        saw.movesIn.set(hash, moves.set(path, from));
      }
    }
    const now = renamedTo.get(path) ?? (renamedInto.has(path) ? null : path);
    if (now === null || dates.has(now) || cut.has(now)) return;
    const old = status === 'R100' && fields.length === 3 ? unquoteGitPath(fields[1] ?? '') : null;
    if (old !== null && inside(old)) {
      // A pure rename leaves the content as it was. (With exact renames only, a rename with
      // edits shows as a deletion and an addition, in an ignored commit too: not followed.)
      // Before it, the file had its old name, and its new name was another file's.
      renamedTo.delete(path);
      renamedInto.add(path);
      renamedTo.set(old, now);
      if (skip && !fallback.has(now)) fallback.set(now, time);
      return;
    }
    // An addition, or a move in from outside: dated by this commit unless the old name's
    // history, read apart, dates it.
    if (skip) {
      if (!fallback.has(now)) fallback.set(now, time);
      return;
    }
    if (isBoundary) {
      cut.add(now);
      return;
    }
    dates.set(now, time);
    if (old !== null && (only === undefined || only.has(now))) movedIn.set(old, now);
  };
  const commitRead = () => {
    if (movedIn.size === 0) return;
    onMoves?.(hash, movedIn);
    movedIn = new Map();
  };
  await eachLine(
    top,
    // Every parent. In a history with merges this reading finds the merges and the moves in; the
    // files are dated along their own lines of history (`git-graph.ts`).
    [
      'log',
      // Every merge that left a folder unlike one of its parents is read, not only those git
      // keeps for the folder: a merge it pruned may still be one for a file in it.
      '--full-history',
      '-M100%',
      '--full-diff',
      '--format=%x1e%H %ct %P',
      '--name-status',
      ...from,
      '--',
      ...paths,
    ],
    (bytes, start, end) => {
      const first = bytes[start];
      if (first === COMMIT_LINE) {
        commitRead();
        const [h = '', seconds = '0', , second] = bytes.toString('utf8', start + 1, end).split(' ');
        if (second && !saw.merges) {
          saw.merges = true;
          onMerge();
        }
        hash = h;
        time = Number(seconds) * 1000;
        isBoundary = boundary.has(hash);
        skip = !isBoundary && isIgnored(hash, revs);
        return;
      }
      if (start === end || first === DELETED) return;
      // Once a merge is seen, these dates are set aside (`git-graph.ts` reads them): only the
      // moves in, which are renames, are read on.
      if (saw.merges && first !== RENAMED) return;
      // Most lines: a one-letter status and a plain name, no rename seen yet in this pass. The
      // name is looked up and kept by its bytes; only the rest are made strings.
      const name = start + 2;
      if (
        bytes[start + 1] !== TAB ||
        bytes[name] === QUOTE ||
        skip ||
        renamedTo.size > 0 ||
        renamedInto.size > 0
      ) {
        onChange(bytes.toString('utf8', start, end));
        return;
      }
      if (!bytesInside(bytes, name, end)) return;
      if (dates.hasBytes(bytes, name, end) || cut.findBytes(bytes, name, end) !== -1) return;
      if (isBoundary) cut.addBytes(bytes, name, end);
      else dates.setBytes(bytes, name, end, time);
    },
  );
  commitRead();
  for (const [path, at] of fallback) if (!dates.has(path) && !cut.has(path)) dates.set(path, at);
}

/** Runs work that starts a git process, at most POOL at once. */
class Pool {
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  async run<T>(work: () => Promise<T>): Promise<T> {
    while (this.#running >= POOL) await new Promise<void>((go) => this.#waiting.push(go));
    this.#running++;
    try {
      return await work();
    } finally {
      this.#running--;
      this.#waiting.shift()?.();
    }
  }
}

/** `promise`, marked as handled: it is awaited later, and its failure thrown then. */
function later<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/**
 * A pass over `paths` (`logPass`) that follows the moves in from outside them: the old names of
 * the files a commit moved in are read before the move, in a pass of their own at `depth` + 1,
 * started as soon as this one is past the commit. An old name's date then stands for its file's.
 * `before`: the history before that commit only; `only`: the names whose moves are followed;
 * `shared`: the dates in shared memory (`ContentDates.times`).
 */
async function followedPass(
  top: string,
  paths: string[],
  boundary: Set<string>,
  revs: IgnoredRevs,
  pool: Pool,
  depth: number,
  { before, only, shared = false }: { before?: string; only?: StringRows; shared?: boolean } = {},
): Promise<History> {
  let history: History = { dates: new ContentDates({ shared }), cut: new StringRows() };
  /**
   * For the files each move sent back, in the pass's order: old name -> name here, and the old
   * names' history.
   */
  let moved: Array<{ byOldName: Map<string, string>; before: Promise<History> }> = [];
  const tell = (commit: string, byOldName: Map<string, string>) => {
    const names = new StringRows();
    for (const old of byOldName.keys()) names.add(old);
    const folders = foldersHolding([...byOldName.keys()]);
    const read = followedPass(top, folders, boundary, revs, pool, depth + 1, {
      before: commit,
      only: names,
    });
    moved.push({ byOldName, before: later(read) });
  };
  const saw: PassSaw = { merges: false, movesIn: new Map() };
  const follows = depth < MAX_MOVES;
  /**
   * Once the pass sees a merge, the dates are read again along each file's line of history
   * (`git-graph.ts`), beside this pass, which goes on for the moves in from outside that only it
   * sees: the files that reading dates by an addition this pass saw as a move are followed.
   */
  let graph: Promise<History> | null = null;
  /** Additions the graph reading told before this pass was done. */
  let early: Array<[string, Map<string, string>]> | null = [];
  const onAdded = (commit: string, byName: Map<string, string>) => {
    if (early !== null) {
      early.push([commit, byName]);
      return;
    }
    const byOldName = new Map<string, string>();
    for (const [name, file] of byName) {
      const old = saw.movesIn.get(commit)?.get(name);
      if (old !== undefined && (only === undefined || only.has(file))) byOldName.set(old, file);
    }
    if (follows && byOldName.size > 0) tell(commit, byOldName);
  };
  const onMerge = () => {
    // What this pass told so far is set aside, with its dates.
    moved = [];
    const read: History = { dates: new ContentDates({ shared }), cut: new StringRows() };
    graph = later(
      pool.run(() => graphPass(top, paths, boundary, revs, read, before, onAdded)).then(() => read),
    );
  };
  await pool.run(() =>
    logPass(
      top,
      paths,
      boundary,
      revs,
      history,
      {
        ...(before === undefined ? {} : { before }),
        ...(only === undefined ? {} : { only }),
        // No move is followed from this reading once it has seen a merge.
        ...(follows ? { onMoves: (c, byOld) => void (saw.merges || tell(c, byOld)) } : {}),
      },
      saw,
      onMerge,
    ),
  );
  const told = early;
  early = null;
  for (const [commit, byName] of told) onAdded(commit, byName);
  if (graph !== null) history = await (graph as Promise<History>);
  for (const { byOldName, before: read } of moved) {
    const { dates, cut } = await read;
    for (const [old, path] of byOldName) {
      const time = dates.get(old);
      if (time !== undefined) history.dates.set(path, time);
    }
    for (const old of cut) {
      const path = byOldName.get(old);
      if (path === undefined) continue;
      history.dates.delete(path);
      history.cut.add(path);
    }
  }
  return history;
}

/**
 * The content date of every file under `paths`, following moves from outside them; with
 * `shared`, the dates in shared memory (`ContentDates.times`).
 * @example await contentDates('/repo', ['src/content/posts'], new Set(), { full: new Set(), prefixes: [] })
 */
export function contentDates(
  top: string,
  paths: string[],
  boundary: Set<string>,
  revs: IgnoredRevs,
  { shared = false }: { shared?: boolean } = {},
): Promise<History> {
  return followedPass(top, paths, boundary, revs, new Pool(), 0, { shared });
}
