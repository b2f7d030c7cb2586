/**
 * Everything about one page that its HTML and its Markdown source must agree on: title,
 * description, tags, dates, the source file's mtime, and the target sizes. Drawn from the
 * page's own rng, so a page's facts do not depend on the pages before it.
 */
import { sentence, titleWords } from './text.mjs';
import { WORDS } from './words.mjs';

const FIRST_PUB = Date.UTC(2015, 0, 1);
const LAST_PUB = Date.UTC(2025, 3, 30);
const LAST_UPDATE = Date.UTC(2025, 4, 31);
/** When a fresh `git clone` would have set every untouched file's mtime. */
const CHECKOUT_TIME = Date.UTC(2025, 4, 20, 8, 0, 0);
const DAY = 86_400_000;
const HOUR = 3_600_000;

function between(rng, from, to) {
  return from + Math.floor(rng.next() * (to - from));
}

function sizes(rng, smallPages) {
  const htmlBytes = smallPages
    ? 2000 + Math.floor(2000 * rng.next())
    : 8000 + Math.floor(22000 * rng.next() ** 1.6);
  const sourceBytes = 1000 + Math.floor(4000 * rng.next() ** 1.3);
  return { htmlBytes, sourceBytes };
}

function dates(rng) {
  const pub = Math.floor(between(rng, FIRST_PUB, LAST_PUB) / DAY) * DAY + rng.int(7, 20) * HOUR;
  const updated = rng.chance(0.6) ? between(rng, pub + DAY, LAST_UPDATE) : null;
  const touched = updated ?? pub;
  const edited = Math.floor((touched + between(rng, 0, 48 * HOUR)) / 1000) * 1000;
  const sourceMtime = rng.chance(0.2) ? CHECKOUT_TIME : edited;
  const roll = rng.next();
  const dateStyle = roll < 0.7 ? 'date' : roll < 0.9 ? 'iso' : 'astro';
  return {
    pubDate: new Date(pub),
    updatedDate: updated === null ? null : new Date(updated),
    sourceMtime: new Date(sourceMtime),
    dateStyle,
  };
}

/**
 * @param {ReturnType<typeof import('./plan.mjs').planSite> extends Generator<infer T> ? T : never} page
 * @param {ReturnType<typeof import('./prng.mjs').createRng>} rng
 */
export function describePage(page, rng, { smallPages }) {
  const tags = [];
  const tagCount = rng.int(1, 5);
  for (let i = 0; i < tagCount; i++) tags.push(rng.pick(WORDS));
  return {
    ...page,
    title: page.kind === 'home' ? 'Example' : titleWords(rng, 2, 7),
    description: `${sentence(rng, 8, 16)} ${sentence(rng, 6, 12)}`,
    tags: [...new Set(tags)],
    ...dates(rng),
    ...sizes(rng, smallPages),
    selfCanonical: page.canonicalPath === null && rng.chance(0.4),
    modifiedMeta: page.kind === 'post' && rng.chance(0.3),
    inlineStyle: rng.chance(smallPages ? 0.15 : 0.35),
    stylesheets: smallPages ? rng.int(1, 2) : rng.int(2, 4),
  };
}
