/**
 * Strings kept for the whole run, made so that they keep nothing else alive.
 *
 * V8 keeps a concatenated string as a tree of its parts until something reads it whole, and the
 * tree outlives the read: a URL built from three parts costs two extra nodes (about 50 bytes)
 * for as long as it is kept. Strings kept for a whole run (URLs, paths, dates: one or more per
 * page) are copied flat once, where they are made. Measured at 100,000 pages, that is about a
 * quarter of the heap a run keeps.
 */

/**
 * The same characters, as one flat string. `replace` of a string that cannot occur (a NUL, which
 * no path, URL or date holds; if one did, it would be kept) reads the tree whole and returns the
 * flat copy, which is the cheapest way to get one.
 */
export function flat(text: string): string {
  return text.length < 13 || text.includes('\0') ? text : text.replace('\0', '');
}

/**
 * A copy that shares no memory with the text it was cut from. V8 makes a slice of 13 or more
 * characters a view that keeps the whole text alive: an href sliced from a page's head would keep
 * the head (kilobytes) for the whole run. Shorter slices are copies already.
 */
export function ownString(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}
