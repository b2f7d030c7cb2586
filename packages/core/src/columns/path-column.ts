/**
 * File paths as rows, each folder's path kept once. A walk finds the files of a folder one after
 * another, so a row keeps its name and the number of its folder's row, and the folder's path is
 * kept once for the run of rows in it (again if the walk comes back to it after a subfolder).
 * The bench site's million sources are 39 bytes of path a row, 23 of them the name: a row costs
 * its name and 4 bytes here, ~12 MB less at 1,000,000 rows than the paths whole.
 *
 * It reads as a string column of the paths (`get`, `byteLength`, `copyRow`), and passes to
 * another thread as one (`toData`, `fromData`): in shared memory when made `shared`.
 */
import { grown, postedCopy } from './native-memory.js';
import { StringColumn, type StringColumnData } from './string-column.js';

const SLASH = 0x2f;

export interface PathColumnData {
  folders: StringColumnData;
  names: StringColumnData;
  folderOf: Uint32Array<ArrayBufferLike>;
}

export class PathColumn {
  readonly #shared: boolean;
  #folders: StringColumn;
  #names: StringColumn;
  /** Each row's folder: a row of `#folders`. */
  #folderOf: Uint32Array<ArrayBufferLike> = new Uint32Array(256);
  /** The folder of the last row pushed, or null before the first. */
  #lastFolder: string | null = null;

  /** `firstChunk`: the first chunk of the names' column (`StringColumn`). */
  constructor({ shared = false, firstChunk }: { shared?: boolean; firstChunk?: number } = {}) {
    this.#shared = shared;
    this.#folders = new StringColumn({ shared });
    this.#names = new StringColumn({ shared, firstChunk });
  }

  /** Another thread's column (`toData`), read here without a copy of its bytes. */
  static fromData(data: PathColumnData): PathColumn {
    const column = new PathColumn();
    column.#folders = StringColumn.fromData(data.folders);
    column.#names = StringColumn.fromData(data.names);
    column.#folderOf = data.folderOf;
    return column;
  }

  toData(): PathColumnData {
    return {
      folders: this.#folders.toData(),
      names: this.#names.toData(),
      folderOf: postedCopy(this.#folderOf.subarray(0, this.size), this.#shared),
    };
  }

  get size(): number {
    return this.#names.size;
  }

  /** Appends `path` (posix, relative); returns its row. */
  push(path: string): number {
    const slash = path.lastIndexOf('/');
    // A path with no folder, or only a leading slash, is its own name under the folder ''.
    const folder = slash > 0 ? path.slice(0, slash) : '';
    if (folder !== this.#lastFolder) {
      this.#folders.push(folder);
      this.#lastFolder = folder;
    }
    const row = this.#names.push(slash > 0 ? path.slice(slash + 1) : path);
    this.#folderOf = grown(this.#folderOf, row + 1);
    this.#folderOf[row] = this.#folders.size - 1;
    return row;
  }

  get(row: number): string {
    const folder = this.#folders.get(this.#folderOf[row] as number);
    const name = this.#names.get(row);
    return folder === '' ? name : `${folder}/${name}`;
  }

  /** Bytes of row `row`'s path in UTF-8. */
  byteLength(row: number): number {
    const folder = this.#folders.byteLength(this.#folderOf[row] as number);
    return (folder === 0 ? 0 : folder + 1) + this.#names.byteLength(row);
  }

  /** Copies row `row`'s path, as UTF-8, into `target` from `at`; returns how many bytes. */
  copyRow(row: number, target: Uint8Array, at: number): number {
    const folder = this.#folderOf[row] as number;
    let written = 0;
    if (this.#folders.byteLength(folder) > 0) {
      written = this.#folders.copyRow(folder, target, at);
      target[at + written] = SLASH;
      written++;
    }
    return written + this.#names.copyRow(row, target, at + written);
  }
}
