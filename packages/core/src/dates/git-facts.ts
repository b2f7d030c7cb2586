/**
 * What git says of each source, by row: looked up once per source, by the bytes of its path,
 * for the dating stage to read by row. Looked up by path string, each source's path was made a
 * string and written back to bytes for each of git's tables, twice (once to tell which file
 * times git leaves to judge, once for its page): at 100,000 sources, a third of the stage.
 */
import { nativeArray } from '../columns/native-memory.js';
import { StringRows } from '../columns/string-rows.js';
import type { GitDates } from '../discover/read-git-dates.js';
import type { SourceTable } from '../discover/source-table.js';

const CUT = 1;
/** Uncommitted changes, or a file git does not track yet: its time is an edit. */
const CHANGED = 2;

export class GitFacts {
  readonly #git: GitDates;
  /** Each source's row of `git.dates`, or -1. */
  readonly #dated: Int32Array;
  readonly #flags: Uint8Array;

  constructor(sources: SourceTable, git: GitDates) {
    this.#git = git;
    const size = sources.size;
    this.#dated = nativeArray(Int32Array, size);
    this.#flags = nativeArray(Uint8Array, size);
    const { dates, cut } = git;
    // The changed files, few in a working copy, as a set looked up by bytes like the others.
    const changed = new StringRows();
    for (const path of git.dirty) changed.add(path);
    for (const path of git.untracked) changed.add(path);
    for (let row = 0; row < size; row++) {
      const path = sources.paths.relBytes(row);
      this.#dated[row] = dates.rowOfBytes(path, 0, path.length);
      let flags = 0;
      if (cut.findBytes(path, 0, path.length) !== -1) flags |= CUT;
      if (changed.findBytes(path, 0, path.length) !== -1) flags |= CHANGED;
      this.#flags[row] = flags;
    }
  }

  /** Whether git says anything of source `row`: a date, a cut history, or a change. */
  knows(row: number): boolean {
    return this.#dated[row] !== -1 || this.#flags[row] !== 0;
  }

  /** The time (ms) of the last commit that changed source `row`, or undefined. */
  time(row: number): number | undefined {
    const dated = this.#dated[row] as number;
    return dated === -1 ? undefined : this.#git.dates.timeOf(dated);
  }

  /** Whether source `row` has uncommitted changes or is not tracked yet. */
  changed(row: number): boolean {
    return ((this.#flags[row] as number) & CHANGED) !== 0;
  }

  /** Whether source `row`'s history is cut by a shallow clone. */
  cut(row: number): boolean {
    return ((this.#flags[row] as number) & CUT) !== 0;
  }
}
