/**
 * The shape of the synthetic site: which pages exist, where, and which are noindex, canonical to
 * another page, or in an hreflang set. A generator, so a million pages never sit in memory: it
 * keeps only the current docs topic, product category and a few counters.
 *
 * Items: { index, kind, path, file, source, lang, noindex, canonicalPath, alternates, nonAscii }
 * `path` is the URL path without slashes ('' for home); `source` is relative to src/content.
 */
import {
  DOC_AREAS,
  I18N_AREAS,
  LANGS,
  LOCAL_WORDS,
  NON_ASCII_WORDS,
  PRODUCT_CATEGORIES,
  TOP_PAGES,
  WORDS,
} from './words.mjs';

const NOINDEX_SHARE = 0.033;
const CANONICAL_SHARE = 0.033;
const NON_ASCII_SHARE = 0.045;
/** Share of loop steps per section; i18n sets emit 2-3 pages, so ~10% of pages are in sets. */
const STEP_WEIGHTS = [
  ['blog', 0.3],
  ['docs', 0.3],
  ['products', 0.255],
  ['i18n-set', 0.043],
  ['i18n-single', 0.102],
];
const POSTS_PER_LISTING = 20;

function item(kind, path, fields = {}) {
  return {
    kind,
    path,
    file: path === '' ? 'index.html' : kind === 'error' ? `${path}.html` : `${path}/index.html`,
    source: null,
    lang: 'en',
    noindex: false,
    canonicalPath: null,
    alternates: null,
    nonAscii: /[^\x20-\x7e]/.test(path),
    ...fields,
  };
}

function slugWords(rng, min, max, { nonAscii = true } = {}) {
  const count = rng.int(min, max);
  const words = [];
  for (let i = 0; i < count; i++) words.push(rng.pick(WORDS));
  if (nonAscii && rng.chance(NON_ASCII_SHARE))
    words[rng.int(0, words.length - 1)] = rng.pick(NON_ASCII_WORDS);
  return words.join('-');
}

/** A leaf page that may be noindex or canonical to `canonicalTarget`, never both. */
function leaf(rng, kind, path, canonicalTarget) {
  const roll = rng.next();
  return item(kind, path, {
    source: `${path}.md`,
    noindex: roll < NOINDEX_SHARE,
    canonicalPath:
      roll >= NOINDEX_SHARE && roll < NOINDEX_SHARE + CANONICAL_SHARE ? canonicalTarget : null,
  });
}

function uniqueName(used, make) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const name = make();
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
  const name = `${make()}-${used.size}`;
  used.add(name);
  return name;
}

function blogStep(state, rng) {
  const out = [];
  const blog = state.blog;
  if (blog.posts === 0) out.push(item('listing', 'blog'));
  blog.posts++;
  if (blog.posts % POSTS_PER_LISTING === 0) {
    out.push(item('listing', `blog/page/${blog.posts / POSTS_PER_LISTING + 1}`));
  }
  out.push(leaf(rng, 'post', `blog/${slugWords(rng, 2, 5)}-${blog.posts.toString(36)}`, 'blog'));
  return out;
}

function docsStep(state, rng) {
  const out = [];
  const docs = state.docs;
  if (!docs.started) {
    docs.started = true;
    out.push(item('listing', 'docs', { source: 'docs/index.md' }));
  }
  if (docs.topicPagesLeft === 0) {
    if (docs.areaTopicsLeft === 0) {
      const round = Math.floor(docs.areas / DOC_AREAS.length);
      const base = DOC_AREAS[docs.areas % DOC_AREAS.length];
      docs.area = round === 0 ? base : `${base}-${round + 1}`;
      docs.areas++;
      docs.areaTopicsLeft = rng.int(4, 25);
      docs.topics = new Set();
      out.push(item('listing', `docs/${docs.area}`, { source: `docs/${docs.area}/index.md` }));
    }
    docs.areaTopicsLeft--;
    docs.topic = uniqueName(docs.topics, () => slugWords(rng, 1, 2, { nonAscii: false }));
    docs.topicPagesLeft = rng.int(3, 40);
    docs.pages = new Set();
    const topicPath = `docs/${docs.area}/${docs.topic}`;
    out.push(item('listing', topicPath, { source: `${topicPath}/index.md` }));
  }
  docs.topicPagesLeft--;
  const topicPath = `docs/${docs.area}/${docs.topic}`;
  const slug = uniqueName(docs.pages, () => slugWords(rng, 1, 4));
  out.push(leaf(rng, 'doc', `${topicPath}/${slug}`, topicPath));
  return out;
}

function productsStep(state, rng) {
  const out = [];
  const shop = state.products;
  if (shop.categories === 0 && shop.left === 0) out.push(item('listing', 'products'));
  if (shop.left === 0) {
    const round = Math.floor(shop.categories / PRODUCT_CATEGORIES.length);
    const base = PRODUCT_CATEGORIES[shop.categories % PRODUCT_CATEGORIES.length];
    shop.category = round === 0 ? base : `${base}-${round + 1}`;
    shop.categories++;
    shop.left = rng.int(10, 250);
    out.push(item('listing', `products/${shop.category}`));
  }
  shop.left--;
  shop.count++;
  const categoryPath = `products/${shop.category}`;
  const sku = (46656 + shop.count * 7).toString(36);
  out.push(leaf(rng, 'product', `${categoryPath}/${slugWords(rng, 1, 3)}-${sku}`, categoryPath));
  return out;
}

/** Pages that are translations of each other, each listing all (itself included). */
function hreflangSet(members, xDefault) {
  const alternates = members.map((member) => ({ lang: member.lang, path: member.path }));
  if (xDefault) alternates.push({ lang: 'x-default', path: members[0].path });
  for (const member of members) member.alternates = alternates;
  return members;
}

function languageRoots(room) {
  const langs = LANGS.slice(0, Math.min(room, LANGS.length));
  const members = langs.map((lang) => item('listing', lang, { lang, source: `${lang}/index.md` }));
  return hreflangSet(members, members.length > 1);
}

function i18nSetStep(state, rng, room) {
  const i18n = state.i18n;
  if (!i18n.started) {
    i18n.started = true;
    return languageRoots(room);
  }
  if (room < 2) return i18nSingleStep(state, rng, room);
  const others = LANGS.slice(1);
  const langs = ['en'];
  const size = Math.min(room, rng.chance(0.5) ? 2 : 3);
  while (langs.length < size) {
    const lang = rng.pick(others);
    if (!langs.includes(lang)) langs.push(lang);
  }
  const area = rng.pick(I18N_AREAS);
  const slug = `${slugWords(rng, 1, 3)}-${(++i18n.count).toString(36)}`;
  const members = langs.map((lang) => {
    const local = lang !== 'en' && rng.chance(0.12);
    const name = local ? `${rng.pick(LOCAL_WORDS[lang])}-${i18n.count.toString(36)}` : slug;
    const path = `${lang}/${area}/${name}`;
    return item('i18n', path, { lang, source: `${path}.md` });
  });
  return hreflangSet(members, rng.chance(0.5));
}

function i18nSingleStep(state, rng, room) {
  const i18n = state.i18n;
  if (!i18n.started) return i18nSetStep(state, rng, room);
  const lang = rng.pick(LANGS.slice(1));
  const area = rng.pick(I18N_AREAS);
  const slug = `${slugWords(rng, 1, 3)}-${(++i18n.count).toString(36)}`;
  const page = leaf(rng, 'i18n', `${lang}/${area}/${slug}`, lang);
  page.lang = lang;
  return [page];
}

const STEPS = {
  blog: blogStep,
  docs: docsStep,
  products: productsStep,
  'i18n-set': i18nSetStep,
  'i18n-single': i18nSingleStep,
};

function pickStep(rng) {
  let roll = rng.next();
  for (const [name, weight] of STEP_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return STEPS[name];
  }
  return STEPS.blog;
}

/**
 * Yields exactly `pages` page items, in a fixed order for a given rng seed.
 * @param {{ pages: number, rng: ReturnType<import('./prng.mjs').createRng> }} options
 */
export function* planSite({ pages, rng }) {
  let index = 0;
  for (const path of TOP_PAGES) {
    if (index >= pages) return;
    const kind = path === '' ? 'home' : path === '404' ? 'error' : 'page';
    const source = kind === 'error' ? null : path === '' ? 'index.md' : `${path}.md`;
    yield { ...item(kind, path, { source }), index: index++ };
  }
  const state = {
    blog: { posts: 0 },
    docs: { started: false, areas: 0, areaTopicsLeft: 0, topicPagesLeft: 0 },
    products: { categories: 0, left: 0, count: 0 },
    i18n: { started: false, count: 0 },
  };
  while (index < pages) {
    const batch = pickStep(rng)(state, rng, pages - index);
    for (const page of batch) {
      if (index >= pages) return;
      yield { ...page, index: index++ };
    }
  }
}
