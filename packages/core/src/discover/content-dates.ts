/**
 * Each path's content date as the history pass finds it (`git-history.ts`), kept off the JS
 * heap: a pass over a million files kept a Map entry, a string and an object a file.
 */
import { grown } from '../columns/native-memory.js';
import { StringTimes } from '../columns/string-times.js';

export interface ContentDate {
  /** Commit time in ms. */
  time: number;
  /** The commit that added the file, when that is what dates it... */
  added?: string;
  /** ...and the name it was added under there. */
  addedAs?: string;
}

/**
 * Each path's content date, kept off the JS heap as a Map's would not be (a pass over a
 * million files): the times by path, and for a date an addition gives, the commit (one of the
 * few a history has) and, when it differs from the path, the name added. A path deleted keeps
 * its row, with no time, until it is set again.
 */
export class ContentDates {
  readonly #times = new StringTimes();
  /** By row: the index in `#commits` of the commit that added the file, or -1. */
  #added = new Int32Array(64);
  readonly #commits: string[] = [];
  readonly #commitIndex = new Map<string, number>();
  /** By row, the name added under, where it is not the path. */
  readonly #addedAs = new Map<number, string>();

  /** Whether row `row` has a date (a path deleted keeps its row, with no time). */
  #dated(row: number): boolean {
    return !Number.isNaN(this.#times.timeOf(row));
  }

  #row(path: string): number {
    const row = this.#times.row(path);
    return row !== -1 && this.#dated(row) ? row : -1;
  }

  has(path: string): boolean {
    return this.#row(path) !== -1;
  }

  get(path: string): ContentDate | undefined {
    const row = this.#row(path);
    return row === -1 ? undefined : this.#dateOf(row);
  }

  set(path: string, date: ContentDate): void {
    const row = this.#times.set(path, date.time);
    this.#added = grown(this.#added, row + 1);
    const { added, addedAs } = date;
    if (added === undefined) {
      this.#added[row] = -1;
      this.#addedAs.delete(row);
      return;
    }
    let commit = this.#commitIndex.get(added);
    if (commit === undefined) {
      commit = this.#commits.push(added) - 1;
      this.#commitIndex.set(added, commit);
    }
    this.#added[row] = commit;
    if (addedAs !== undefined && addedAs !== path) this.#addedAs.set(row, addedAs);
    else this.#addedAs.delete(row);
  }

  delete(path: string): void {
    const row = this.#row(path);
    if (row === -1) return;
    this.#times.set(path, Number.NaN);
    this.#added[row] = -1;
    this.#addedAs.delete(row);
  }

  #dateOf(row: number): ContentDate {
    const time = this.#times.timeOf(row);
    const commit = this.#added[row] as number;
    if (commit === -1) return { time };
    const path = this.#times.keyOf(row);
    return { time, added: this.#commits[commit], addedAs: this.#addedAs.get(row) ?? path };
  }

  /** Every path with a date, and its date, in the order the paths were first set. */
  *entries(): IterableIterator<[string, ContentDate]> {
    for (let row = 0; row < this.#times.size; row++)
      if (this.#dated(row)) yield [this.#times.keyOf(row), this.#dateOf(row)];
  }

  /**
   * Tells whether a file with a date here may have been added under a name: its path, or the
   * name it was added under where that is another (few files: those a move sent back).
   */
  addedUnder(): (name: string) => boolean {
    const others = new Set(this.#addedAs.values());
    return (name) => others.has(name) || this.has(name);
  }

  /** The commits that added files with a date here, each once. */
  addingCommits(): Set<string> {
    const commits = new Set<string>();
    for (let row = 0; row < this.#times.size; row++) {
      const commit = this.#added[row] as number;
      if (commit !== -1 && this.#dated(row)) commits.add(this.#commits[commit] as string);
    }
    return commits;
  }

  /**
   * Each file with a date that one of `commits` added: its path, the commit and the name it was
   * added under. Only those files' paths are read.
   */
  *addedBy(commits: Set<string>): IterableIterator<[string, string, string]> {
    const wanted = new Set<number>();
    this.#commits.forEach((commit, index) => {
      if (commits.has(commit)) wanted.add(index);
    });
    for (let row = 0; row < this.#times.size; row++) {
      const commit = this.#added[row] as number;
      if (!wanted.has(commit) || !this.#dated(row)) continue;
      const path = this.#times.keyOf(row);
      yield [path, this.#commits[commit] as string, this.#addedAs.get(row) ?? path];
    }
  }

  [Symbol.iterator](): IterableIterator<[string, ContentDate]> {
    return this.entries();
  }
}
