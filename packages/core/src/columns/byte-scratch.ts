/**
 * Text as UTF-8 bytes in a buffer that is written over and grows as needed: a key being looked
 * up, a path or a URL read from a column, with no string made. One a module (or a table) is
 * enough; what it holds lasts until the next write.
 */
import { hashBytes } from './string-column.js';

export class ByteScratch {
  bytes = Buffer.allocUnsafe(256);
  length = 0;

  /** Makes room for `size` bytes (what was written may be lost). */
  room(size: number): void {
    if (size > this.bytes.length)
      this.bytes = Buffer.allocUnsafe(Math.max(size, this.bytes.length * 2));
  }

  write(text: string): void {
    // At most 3 bytes a UTF-16 unit.
    this.room(text.length * 3);
    this.length = this.bytes.write(text, 0, 'utf8');
  }

  /**
   * Writes the URL of `record`: from its table's bytes where it is a page table's view
   * (`PageView.writeUrl`), else from its string. A stage that takes plain records too reads
   * every page's URL as bytes this way.
   */
  writeUrlOf(record: { readonly url: string; writeUrl?(into: ByteScratch): void }): void {
    if (record.writeUrl) record.writeUrl(this);
    else this.write(record.url);
  }

  /** Whether what it holds starts with the bytes of `prefix`. */
  startsWith(prefix: Uint8Array): boolean {
    if (this.length < prefix.length) return false;
    for (let i = prefix.length - 1; i >= 0; i--) if (this.bytes[i] !== prefix[i]) return false;
    return true;
  }

  equals(other: ByteScratch): boolean {
    if (other.length !== this.length) return false;
    for (let i = 0; i < this.length; i++) if (this.bytes[i] !== other.bytes[i]) return false;
    return true;
  }

  hash(): number {
    return hashBytes(this.bytes, 0, this.length);
  }
}
