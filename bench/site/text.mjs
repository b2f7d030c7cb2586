/**
 * Pools of filler text, CSS and code, built once from a fixed seed. Pages pick from the pools
 * with their own rng, which keeps generation fast (no word-by-word string building per page)
 * while every page still differs in order and mix.
 */
import { createRng } from './prng.mjs';
import { WORDS } from './words.mjs';

const poolRng = createRng('sitemapkit-bench/text-pools/v1');

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A sentence of `min`-`max` words, capitalised, with a full stop. */
export function sentence(rng, min, max) {
  const count = rng.int(min, max);
  const words = [];
  for (let i = 0; i < count; i++) words.push(rng.pick(WORDS));
  return `${capitalise(words.join(' '))}.`;
}

/** Title Case words, e.g. for `<title>` and headings. */
export function titleWords(rng, min, max) {
  const count = rng.int(min, max);
  const words = [];
  for (let i = 0; i < count; i++) words.push(capitalise(rng.pick(WORDS)));
  return words.join(' ');
}

function paragraph(rng) {
  const sentences = [];
  const count = rng.int(3, 8);
  for (let i = 0; i < count; i++) sentences.push(sentence(rng, 6, 18));
  return sentences.join(' ');
}

/** 512 paragraphs of 200-900 characters. */
export const PARAGRAPHS = Array.from({ length: 512 }, () => paragraph(poolRng));

/** 64 inline `<style>` bodies of 0.3-2.5 KB, like the scoped CSS Astro inlines. */
export const INLINE_STYLES = Array.from({ length: 64 }, () => {
  const rules = [];
  const target = poolRng.int(300, 2500);
  let size = 0;
  while (size < target) {
    const hash = Math.floor(poolRng.next() * 0xffffff).toString(36);
    const rule = `.${poolRng.pick(WORDS)}[data-astro-cid-${hash}]{margin:${poolRng.int(0, 4)}rem ${poolRng.int(0, 3)}rem;padding:${poolRng.int(0, 24)}px;color:#${poolRng.int(0, 0xfff).toString(16).padStart(3, '0')};display:${poolRng.pick(['flex', 'grid', 'block', 'inline-block'])}}`;
    rules.push(rule);
    size += rule.length;
  }
  return rules.join('');
});

/** 64 code samples for docs pages. */
export const CODE_BLOCKS = Array.from({ length: 64 }, () => {
  const lines = [];
  const count = poolRng.int(4, 16);
  for (let i = 0; i < count; i++) {
    const name = poolRng.pick(WORDS);
    lines.push(
      `const ${name} = await ${poolRng.pick(WORDS)}(${poolRng.pick(WORDS)}, { ${name}: ${poolRng.int(0, 999)} });`,
    );
  }
  return lines.join('\n');
});

/** Content-hashed asset names, the way Vite emits them. */
export const ASSET_HASHES = Array.from({ length: 24 }, () =>
  Math.floor(poolRng.next() * 2 ** 40)
    .toString(36)
    .slice(0, 8),
);
