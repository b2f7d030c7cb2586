/**
 * `node --expose-gc bench/columnar-sketch.mjs bench/.sites/<N>/dist`: a sketch of the per-page
 * store the 1,000,000-page memory target needs, measured on its own (not the core's code). It
 * walks the folder, keeps each page's file path (UTF-8) and URL path (ASCII, relative to base) in
 * two growable buffers with `Uint32Array` offsets, and sorts a `Uint32Array` of page numbers by a
 * natural compare over the URL bytes (checked against the core's `naturalCompare` on a sample).
 * Prints the times, the bytes held and the process's peak RSS. Build the core first.
 */
import { readdirSync } from 'node:fs';

const core = await import(new URL('../packages/core/dist/url/map-file.js', import.meta.url).href);
const root = process.argv[2];
const t0 = performance.now();
class Column {
  constructor(cap) {
    this.buf = Buffer.allocUnsafe(cap);
    this.len = 0;
    this.start = new Uint32Array(1024);
    this.n = 0;
  }
  push(s, enc) {
    const max = s.length * 3;
    if (this.len + max > this.buf.length) {
      const b = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + max));
      this.buf.copy(b, 0, 0, this.len);
      this.buf = b;
    }
    if (this.n + 2 > this.start.length) {
      const a = new Uint32Array(this.start.length * 2);
      a.set(this.start);
      this.start = a;
    }
    this.start[this.n++] = this.len;
    this.len += this.buf.write(s, this.len, enc);
    this.start[this.n] = this.len;
  }
  get(i, enc) {
    return this.buf.toString(enc, this.start[i], this.start[i + 1]);
  }
}
const files = new Column(1 << 20);
const urls = new Column(1 << 20);
const policy = { baseUrl: 'https://example.com/', trailingSlash: 'ignore', format: 'preserve' };
function walk(dir, rel) {
  const entries = readdirSync(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) walk(`${dir}/${e.name}`, r);
    else if (e.isFile() && /\.html?$/i.test(e.name)) {
      const route = core.routeFromFile(r, false);
      files.push(r, 'utf8');
      urls.push(core.routeUrl(route, policy).slice(policy.baseUrl.length), 'latin1');
    }
  }
}
walk(root, '');
const t1 = performance.now();
const n = files.n;
const order = new Uint32Array(n);
for (let i = 0; i < n; i++) order[i] = i;
const B = urls.buf,
  S = urls.start;
const isD = (c) => c >= 48 && c <= 57;
function cmp(x, y) {
  let i = S[x],
    ie = S[x + 1],
    j = S[y],
    je = S[y + 1];
  let tie = 0;
  while (i < ie && j < je) {
    const a = B[i],
      b = B[j];
    if (isD(a) && isD(b)) {
      let ei = i,
        ej = j;
      while (ei < ie && isD(B[ei])) ei++;
      while (ej < je && isD(B[ej])) ej++;
      let si = i,
        sj = j;
      while (si < ei - 1 && B[si] === 48) si++;
      while (sj < ej - 1 && B[sj] === 48) sj++;
      const d = ei - si - (ej - sj);
      if (d !== 0) return d;
      for (let k = 0; k < ei - si; k++) {
        const c = B[si + k] - B[sj + k];
        if (c !== 0) return c;
      }
      if (tie === 0) tie = ei - i - (ej - j);
      i = ei;
      j = ej;
      continue;
    }
    if (a !== b) return a - b;
    i++;
    j++;
  }
  if (ie - i !== je - j) return ie - i - (je - j);
  return tie !== 0 ? tie : x - y;
}
order.sort(cmp);
const t2 = performance.now();
// check against the string sort on a sample
const { naturalCompare } = await import(
  new URL('../packages/core/dist/url/natural-compare.js', import.meta.url).href
);
let bad = 0;
for (let k = 1; k < n; k += Math.max(1, Math.floor(n / 20000))) {
  if (naturalCompare(urls.get(order[k - 1], 'latin1'), urls.get(order[k], 'latin1')) > 0) bad++;
}
global.gc?.();
console.log(
  JSON.stringify({
    pages: n,
    walkMapMs: Math.round(t1 - t0),
    sortMs: Math.round(t2 - t1),
    fileBytes: files.len,
    urlBytes: urls.len,
    heapMB: Math.round(process.memoryUsage().heapUsed / 1e6),
    externalMB: Math.round(process.memoryUsage().arrayBuffers / 1e6),
    maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    outOfOrder: bad,
  }),
);
