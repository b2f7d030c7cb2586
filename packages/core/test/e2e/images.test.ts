import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImages, srcsetUrls } from '../../src/discover/read-images.js';
import { generateSitemaps, type SitemapOptions } from '../../src/index.js';
import { captureCli } from '../helpers/cli.js';
import { makeTree, page } from '../helpers/fixture.js';
import { type ParsedEntry, readAll, readXml } from '../helpers/xml.js';

const SITE = 'https://example.com';
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';

const POST_BODY = `
<header><img src="/logo.png" alt="logo"></header>
<main>
  <img src="img/a.jpg" alt="">
  <img src="img/a.jpg" alt="again">
  <img srcset="b-1x.jpg 1x, b-2x.jpg 2x" alt="">
  <picture>
    <source srcset="/c.webp 1x, /c@2x.webp 2x" type="image/webp">
    <img src="/c.jpg" alt="">
  </picture>
  <img data-src="/lazy.jpg" data-srcset="/lazy-2x.jpg 2x" src="data:image/gif;base64,R0lGOD" alt="">
  <img src="https://example.com/abs.png?size=big&amp;v=2#frag" alt="">
  <img src="https://cdn.other.test/x.png" alt="">
  <img src="blob:https://example.com/123" alt="">
  <img src="/pixel.gif" width="1" height="1" alt="">
  <img src="/track?utm=1" width="0" height="0" alt="">
  <img src="/thin.gif" width="1px" alt="">
  <IMG SRC="/upper.JPG" ALT="">
  <img src="/café photo.jpg" alt="">
  <video><source src="/movie.mp4"></video>
</main>
<footer><img src="/footer.png" alt=""></footer>`;

function tree(extra: Record<string, string> = {}) {
  return {
    'dist/index.html': page('', '<header><img src="/logo.png"></header><p>home</p>'),
    'dist/about/index.html': page(),
    'dist/blog/post/index.html': page('', POST_BODY),
    'dist/no-main/index.html': page('', '<header><img src="/logo.png"></header><img src="/x.png">'),
    'dist/based/index.html': page('<base href="/assets/">', '<main><img src="y.png"></main>'),
    ...extra,
  };
}

async function build(root: string, options: Partial<SitemapOptions> = {}) {
  const result = await generateSitemaps({ site: SITE, root, outDir: 'dist', ...options });
  const sitemaps = result.files.filter((f) => f.kind === 'sitemap').map((f) => f.path);
  const parsed = await readAll(sitemaps);
  const entries = new Map<string, ParsedEntry>();
  for (const map of parsed.values()) for (const e of map.entries) entries.set(e.loc, e);
  return { result, parsed, entries, sitemaps };
}

async function contents(paths: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const p of paths) out.set(p.slice(p.lastIndexOf('/') + 1), await readFile(p, 'utf8'));
  return out;
}

describe('images', () => {
  it('lists the images of <main> (else <body>), resolved, same-site, encoded, deduplicated', async () => {
    const root = await makeTree(tree());
    const { entries, result } = await build(root, { images: true });
    expect(entries.get(`${SITE}/blog/post/`)?.images).toEqual([
      `${SITE}/blog/post/img/a.jpg`,
      `${SITE}/blog/post/b-1x.jpg`,
      `${SITE}/blog/post/b-2x.jpg`,
      `${SITE}/c.webp`,
      `${SITE}/c@2x.webp`,
      `${SITE}/c.jpg`,
      `${SITE}/lazy.jpg`,
      `${SITE}/lazy-2x.jpg`,
      `${SITE}/abs.png?size=big&v=2`,
      `${SITE}/upper.JPG`,
      `${SITE}/caf%C3%A9%20photo.jpg`,
    ]);
    // No <main>: the whole body's.
    expect(entries.get(`${SITE}/no-main/`)?.images).toEqual([`${SITE}/logo.png`, `${SITE}/x.png`]);
    expect(entries.get(`${SITE}/`)?.images).toEqual([`${SITE}/logo.png`]);
    expect(entries.get(`${SITE}/based/`)?.images).toEqual([`${SITE}/assets/y.png`]);
    expect(entries.get(`${SITE}/about/`)?.images).toBeUndefined();
    expect(result.warnings.filter((w) => w.code.includes('image'))).toEqual([]);
    const xml = await readXml(result.files[1]?.path as string);
    expect(xml).toContain(`xmlns:image="${IMAGE_NS}"`);
    expect(xml).toContain(
      `<image:image><image:loc>${SITE}/abs.png?size=big&amp;v=2</image:loc></image:image>`,
    );
  });

  it('takes other sites’ images with { external: true }', async () => {
    const root = await makeTree(tree());
    const { entries } = await build(root, { images: { external: true } });
    expect(entries.get(`${SITE}/blog/post/`)?.images).toContain('https://cdn.other.test/x.png');
  });

  it('declares the image namespace only in files with an image', async () => {
    const root = await makeTree(tree());
    const { parsed } = await build(root, {
      images: true,
      chunks: { plain: (item) => !item.images },
    });
    const byName = new Map([...parsed].map(([p, s]) => [p.slice(p.lastIndexOf('/') + 1), s]));
    const plain = [...byName].find(([name]) => name.startsWith('sitemap-plain-'))?.[1];
    const pages = [...byName].find(([name]) => name.startsWith('sitemap-pages-'))?.[1];
    expect(plain?.entries.map((e) => e.loc)).toEqual([`${SITE}/about/`]);
    expect(plain?.namespaces['xmlns:image']).toBeUndefined();
    expect(pages?.namespaces['xmlns:image']).toBe(IMAGE_NS);
  });

  it('lets serialize change or drop images, and checks what it returns', async () => {
    const root = await makeTree(tree());
    const { entries } = await build(root, {
      images: true,
      serialize: (item) => {
        if (item.url === `${SITE}/no-main/`) return { ...item, images: undefined };
        if (item.url === `${SITE}/about/`)
          return { ...item, images: [{ loc: 'https://example.com/added é.png' }] };
        return { ...item, images: item.images?.filter((i) => !i.loc.includes('logo')) };
      },
    });
    expect(entries.get(`${SITE}/no-main/`)?.images).toBeUndefined();
    expect(entries.get(`${SITE}/`)?.images).toBeUndefined();
    expect(entries.get(`${SITE}/about/`)?.images).toEqual([`${SITE}/added%20%C3%A9.png`]);
    await expect(
      generateSitemaps({
        site: SITE,
        root,
        outDir: 'dist',
        images: true,
        serialize: (item) => ({ ...item, images: [{ loc: 'relative.png' }] }),
      }),
    ).rejects.toMatchObject({ code: 'invalid-entry' });
  });

  it('keeps 1,000 images of a page with 5,000, and says so naming the page', async () => {
    const imgs = Array.from({ length: 5000 }, (_, i) => `<img src="/i/${i}.jpg">`).join('');
    const root = await makeTree(
      tree({ 'dist/gallery/index.html': page('', `<main>${imgs}</main>`) }),
    );
    const { entries, result } = await build(root, { images: true });
    const images = entries.get(`${SITE}/gallery/`)?.images ?? [];
    expect(images).toHaveLength(1000);
    expect(images[999]).toBe(`${SITE}/i/999.jpg`);
    const warning = result.warnings.find((w) => w.code === 'images-too-many');
    expect(warning?.message).toContain('gallery/index.html');
  });

  it('leaves out an image URL too long to list, with a short warning', async () => {
    const long = `/${'x'.repeat(3000)}.jpg`;
    const root = await makeTree(
      tree({
        'dist/long/index.html': page(
          '',
          `<main><img src="${long}"><img src="${long}?2"><img src="/ok.jpg"></main>`,
        ),
      }),
    );
    const { entries, result } = await build(root, { images: true });
    expect(entries.get(`${SITE}/long/`)?.images).toEqual([`${SITE}/ok.jpg`]);
    const warnings = result.warnings.filter((w) => w.code === 'image-url-too-long');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toContain('2 image URLs');
    expect(warnings[0]?.message.length).toBeLessThan(600);
  });

  it('reads what it can of a malformed srcset, without failing', async () => {
    expect(srcsetUrls(',, a.jpg 1x,,b.jpg   2x , c.jpg 100w (junk, more), d.jpg,, e.jpg')).toEqual([
      'a.jpg',
      'b.jpg',
      'c.jpg',
      'd.jpg',
      'e.jpg',
    ]);
    // As the HTML standard reads it: a comma inside a URL belongs to it (`w_100,h_100` paths).
    expect(srcsetUrls('/img/w_100,h_100/a.jpg 1x')).toEqual(['/img/w_100,h_100/a.jpg']);
    expect(srcsetUrls('   ')).toEqual([]);
    const root = await makeTree(
      tree({
        'dist/odd/index.html': page(
          '',
          '<main><img srcset=",, a.jpg 1x,,b.jpg 2x, (c.jpg 100w, http://[bad/x.jpg 1x, //example.com/p.jpg"></main>',
        ),
      }),
    );
    const { entries } = await build(root, { images: true, selfCheck: 'xsd' });
    expect(entries.get(`${SITE}/odd/`)?.images).toEqual([
      `${SITE}/odd/a.jpg`,
      `${SITE}/odd/b.jpg`,
      `${SITE}/odd/(c.jpg`,
      `${SITE}/p.jpg`,
    ]);
  });

  it('changes nothing when off, and nothing on a site without images', async () => {
    const withImages = await makeTree(tree());
    const plain = await makeTree({
      'dist/index.html': page(),
      'dist/about/index.html': page('', '<main><p>text</p></main>'),
    });
    for (const root of [withImages, plain]) {
      const before = await contents((await build(root)).sitemaps);
      const off = await contents((await build(root, { images: false })).sitemaps);
      expect(off).toEqual(before);
      expect([...before.values()].join('')).not.toContain('image');
    }
    const before = await contents((await build(plain)).sitemaps);
    const on = await contents((await build(plain, { images: true })).sitemaps);
    expect(on).toEqual(before);
  });

  it('passes the XSD self-check with images', async () => {
    const root = await makeTree(tree());
    const { entries } = await build(root, { images: true, selfCheck: 'xsd' });
    expect(entries.get(`${SITE}/blog/post/`)?.images?.length).toBe(11);
  });

  it('is turned on by the CLI flag --images', async () => {
    const root = await makeTree(tree());
    const dist = join(root, 'dist');
    const { code, stderr } = await captureCli([
      'build',
      dist,
      '--site',
      SITE,
      '--images',
      '--json',
    ]);
    expect(stderr).not.toContain('image');
    expect(code).toBe(0);
    const result = await generateSitemaps({ site: SITE, outDir: dist, images: true });
    const sitemaps = result.files.filter((f) => f.kind === 'sitemap');
    // The CLI wrote the same files: this build found them unchanged.
    expect(sitemaps.every((f) => !f.changed)).toBe(true);
    const parsed = await readAll(sitemaps.map((f) => f.path));
    const all = [...parsed.values()].flatMap((s) => s.entries);
    expect(all.find((e) => e.loc === `${SITE}/based/`)?.images).toEqual([`${SITE}/assets/y.png`]);
  });

  it('reads tags cut by any chunk boundary, and skips comments, scripts and styles', async () => {
    const tail =
      '<img src="/a.jpg" alt="x > y < z"><!-- <img src="/c.png"> --><script>let s = "<img src=/s.png>";</script>' +
      '<style>/* <img src=/t.png> */</style><IMG SRC=\'/b.jpg\'></main><img src="/after.jpg">';
    const files: Record<string, string> = {};
    // The 64 KiB chunk boundary falls at every character of the tail in turn (from just before
    // it: a chunk ending in the `<` of `<img`).
    for (let k = -3; k < tail.length; k++) {
      const head = `<html><body><main><p>${'.'.repeat(64 * 1024 - 24 - k)}`;
      files[`p${k}.html`] = head + tail;
    }
    const root = await makeTree(files);
    for (const name of Object.keys(files)) {
      const found = readImages(join(root, name), {
        pageUrl: `${SITE}/`,
        origin: SITE,
        external: false,
      });
      expect(found.images, name).toEqual([`${SITE}/a.jpg`, `${SITE}/b.jpg`]);
    }
  });

  it('rejects a bad images option', async () => {
    const root = await makeTree(tree());
    await expect(
      generateSitemaps({
        site: SITE,
        root,
        outDir: 'dist',
        images: { external: 'yes' } as unknown as boolean,
      }),
    ).rejects.toMatchObject({ code: 'invalid-options' });
  });
});
