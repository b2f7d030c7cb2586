/**
 * What git says of each source, by row: looked up once per source, by the bytes of its path,
 * for the dating stage to read by row. Looked up by path string, each source's path was made a
 * string and written back to bytes for each of git's tables, twice (once to tell which file
 * times git leaves to judge, once for its page): at 100,000 sources, a third of the stage.
 *
 * Which sources have uncommitted changes: where git's index was read (`git-index.ts`), a source
 * whose file time, from the walk, is the one the index holds is clean; the others (few in a
 * working copy, none in a fresh clone) are asked of `git status` by name (`settle`).
 */
import { nativeArray } from '../columns/native-memory.js';
import { StringRows } from '../columns/string-rows.js';
import { CLEAN, heldTime } from '../discover/git-index.js';
import { ASK_BY_NAME, askGit, type GitDates } from '../discover/read-git-dates.js';
import type { SourceTable } from '../discover/source-table.js';

const CUT = 1;
/** Uncommitted changes, or a file git does not track yet: its time is an edit. */
const CHANGED = 2;

/** A file time and the one git's index holds are the same time (Node's `mtimeMs` is a double). */
const SAME_TIME_MS = 0.001;

export class GitFacts {
  readonly #git: GitDates;
  /** Each source's row of `git.dates`, or -1. */
  readonly #dated: Int32Array;
  readonly #flags: Uint8Array;
  /**
   * Sources git's index does not say are clean, to ask git about (`settle`), up to one more than
   * `ASK_BY_NAME`: then git is asked about the folders whole.
   */
  readonly #asking: number[] = [];

  /** What git says of each of `sources`, the changed ones asked of git where need be. */
  static async of(sources: SourceTable, git: GitDates): Promise<GitFacts> {
    const facts = new GitFacts(sources, git);
    await facts.#settle(sources);
    return facts;
  }

  private constructor(sources: SourceTable, git: GitDates) {
    this.#git = git;
    const size = sources.size;
    this.#dated = nativeArray(Int32Array, size);
    this.#flags = nativeArray(Uint8Array, size);
    const { dates, cut, index } = git;
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
      if (index === null || flags & CHANGED || !sources.has(row)) continue;
      const held = heldTime(index, this.#dated[row] as number, path, 0, path.length);
      // Not in the index (untracked, or ignored), racy, or another time: git is asked.
      if (
        held !== CLEAN &&
        !(Math.abs(held - sources.mtimeMs(row)) < SAME_TIME_MS) &&
        this.#asking.length <= ASK_BY_NAME
      )
        this.#asking.push(row);
    }
  }

  /** Asks git which of the sources the index does not say are clean have changed. */
  async #settle(sources: SourceTable): Promise<void> {
    if (this.#asking.length === 0) return;
    if (this.#asking.length > ASK_BY_NAME) {
      const changed = new StringRows();
      for (const path of await askGit(this.#git, null)) changed.add(path);
      for (let row = 0; row < sources.size; row++) {
        const path = sources.paths.relBytes(row);
        if (changed.findBytes(path, 0, path.length) !== -1)
          this.#flags[row] = (this.#flags[row] as number) | CHANGED;
      }
      return;
    }
    const byPath = new Map<string, number>();
    for (const row of this.#asking) byPath.set(sources.rel(row), row);
    for (const path of await askGit(this.#git, [...byPath.keys()])) {
      const row = byPath.get(path);
      if (row !== undefined) this.#flags[row] = (this.#flags[row] as number) | CHANGED;
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
