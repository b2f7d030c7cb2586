/**
 * The head scanner (`scanHead`) against htmlparser2, the tokenizer it was ported from: on heads
 * made to reach each of its states (quoting, comments of every form, CDATA, doctypes, text-only
 * elements and their end tags, heads cut inside each), on heads made of random pieces of those,
 * and on random runs of the characters markup is made of, `parseHead` says what htmlparser2
 * says. What the scanner hands to htmlparser2 is handed, and nothing else.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HeadTags } from '../../src/discover/head-tags.js';
import { parseHead, parseHeadWithParser } from '../../src/discover/read-head.js';
import { scanHead } from '../../src/discover/scan-head.js';

/** Whether the scanner reads `html` itself (false: it is left to htmlparser2). */
function scans(html: string): boolean {
  return scanHead(html, new HeadTags());
}

const PIECES = [
  '<meta name="robots" content="noindex, follow">',
  '<META NAME=ROBOTS CONTENT=NOINDEX>',
  '<meta name=googlebot content=noindex/>',
  '<meta name="robots" content="">',
  '<meta name="robots" content="&#x6e;oindex">',
  '<meta name="robots" name="x" content="nofollow" content="noindex">',
  '<meta content="noindex" name = "robots" >',
  '<meta =x name=robots content=noindex>',
  '<meta name robots content=noindex>',
  "<meta name='robots' content='index'/ >",
  '<link rel="canonical" href="/x">',
  '<link rel=alternate hreflang=de href=/de/>',
  `<LINK REL="Alternate Canonical" HREF=' /y ' hreflang=' fr '>`,
  '<link rel="alternate" hreflang="" href="/e">',
  '<link rel="canonical" href>',
  '<link rel="canonical" href="/a?b=1&amp;c=2">',
  '<link rel=stylesheet href="https://fonts.example/css?a&amp;b">',
  '<html lang="en">',
  '<HTML LANG=" de-AT ">',
  '<html lang>',
  '<meta http-equiv="refresh" content="0; url=/z">',
  '<meta http-equiv=Refresh content="5">',
  '<meta property="article:modified_time" content="2024-01-01T00:00:00Z">',
  '<meta itemprop="dateModified" content="2023-05-05">',
  '<meta property="og:updated_time" content=" 2022-02-02 ">',
  '<meta name="datePublished" content="2020-01-01">',
  '<meta property="article:published_time" content="2021-01-01">',
  '<script type="application/ld+json">{"dateModified":"2024-02-02","datePublished":"2020-02-02"}</script>',
  '<SCRIPT TYPE=" Application/LD+JSON ">{"@graph":[{"dateModified":"2019-01-01"}]}</SCRIPT >',
  '<script type="application/ld+json">{"a":"</scripty>","dateModified":"2018-01-01"}</script>',
  '<script type="application/ld+json">[{"datePublished":"2017-01-01"}]</script\t>',
  '<script type=application/ld+json/>{"dateModified":"2016-01-01"}</script/>',
  '<script type="application/ld+json">{"dateModified":"2015',
  '<script>var a = "<meta name=robots content=noindex>";</script>',
  '<script>x<\x1c\x0fscript>y</script>',
  '<style>a{}</style>',
  '<style>/* <meta name=robots content=noindex> */</style >',
  '<title>a &amp; b</title>',
  '<title>&lt;/title> <meta name=robots content=noindex></title>',
  '<textarea><link rel=canonical href=/t></textarea>',
  '<xmp><meta name=robots content=noindex></xmp>',
  '<iframe><meta name=robots content=noindex></iframe>',
  '<noembed><meta name=robots content=noindex></noembed>',
  '<noframes><meta name=robots content=noindex></noframes>',
  '<noscript><meta name=robots content=noindex></noscript>',
  '<template><link rel=canonical href=/tpl></template>',
  '<!-- x -->',
  '<!-->',
  '<!--->',
  '<!---->',
  '<!-- --!>',
  '<!-- -- >',
  '<!--- -->',
  '<!-- <meta name=robots content=noindex> -->',
  '<!doctype html>',
  '<!DOCTYPE>',
  '<!docx>',
  '<!x>',
  '<!>',
  '<!->',
  '<!-x>',
  '<![CDATA[ <meta name=robots content=noindex> ]]>',
  '<![CDAT>',
  '<![CDATA[x]]]>',
  '<?php x ?>',
  '<?>',
  '</ meta>',
  '</>',
  '</3>',
  '< meta name=robots content=noindex>',
  '<<meta name=robots content=noindex>',
  '<3',
  '<br/>',
  '<p>',
  '</p>',
  '<form><form>',
  '<svg><style><meta name=robots content=noindex></style></svg>',
  '<math><title>x</title></math>',
  '<plaintext><meta name=robots content=noindex>',
  '<scriptx>',
  '<titles><meta name=robots content=nofollow>',
  '<script',
  '<meta name="robots',
  "<meta name='robots' content=",
  '<meta name=robots content=noindex',
  '<!--',
  '<![CDATA[',
  '</script',
  '<title>x</tit',
  '<lin\u212A rel=canonical href=/kelvin>',
  '<link rel=canonical hre\u0130=/dotted href=/plain>',
  '<META NAME=ROBOTS \u0130ONTENT=x CONTENT=noindex>',
  '<meta\vname=robots content=noindex>',
  '<meta\fname=robots\rcontent=noindex>',
  'text',
  ' ',
  '\n',
  '&amp;',
  'é',
];
const CHARACTERS = ['<', '>', '/', '=', "'", '"', '!', '-', '?', '[', ']', ' ', '\n', '&', 'a'];
const WORDS = [
  ...CHARACTERS,
  'meta',
  'link',
  'script',
  'style',
  'title',
  'name',
  'robots',
  'content',
  'noindex',
  'rel',
  'canonical',
  'href',
  'CDATA[',
  '--',
  '\x1c',
  '\x0f',
  'html',
  'lang',
  'type',
  'application/ld+json',
  '{"dateModified":"1"}',
  'hreflang',
  'alternate',
  '<meta ',
  '<link ',
  ' name=robots',
  ' content=noindex',
  ' rel=canonical',
  ' href=/x',
  '<html lang=',
  '<script type=application/ld+json>',
];

/** A small seeded generator (the same heads on every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
}

/** Heads of 1 to 12 pieces, some with a character put in, taken out or a piece inserted, some cut. */
function pieceHeads(count: number, seed: number): string[] {
  const next = random(seed);
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)] as T;
  const heads: string[] = [];
  for (let n = 0; n < count; n++) {
    let head = '';
    for (let k = 1 + Math.floor(next() * 12); k > 0; k--) head += pick(PIECES);
    for (let m = Math.floor(next() * 4); m > 0; m--) {
      const at = Math.floor(next() * (head.length + 1));
      const what = next();
      if (what < 0.5) head = head.slice(0, at) + pick(CHARACTERS) + head.slice(at);
      else if (what < 0.8) head = head.slice(0, at) + head.slice(at + 1);
      else head = head.slice(0, at) + pick(PIECES) + head.slice(at);
    }
    if (next() < 0.3) head = head.slice(0, Math.floor(next() * (head.length + 1)));
    heads.push(head);
  }
  return heads;
}

/** Runs of up to 40 characters and words of markup. */
function wordHeads(count: number, seed: number): string[] {
  const next = random(seed);
  const heads: string[] = [];
  for (let n = 0; n < count; n++) {
    let head = '';
    for (let k = Math.floor(next() * 40); k > 0; k--)
      head += WORDS[Math.floor(next() * WORDS.length)];
    heads.push(head);
  }
  return heads;
}

/** The heads where the two disagree (none), and how many said something. */
function compare(heads: string[]) {
  const differ: Array<{ head: string; parser: unknown; scanner: unknown }> = [];
  let saying = 0;
  for (const head of heads) {
    const parser = parseHeadWithParser(head);
    const scanner = parseHead(head);
    if (!isDeepStrictEqual(parser, scanner)) differ.push({ head, parser, scanner });
    if (!isDeepStrictEqual(parser, { robots: [], alternates: [] })) saying++;
  }
  return { differ: differ.slice(0, 3), saying };
}

describe('scanHead', () => {
  it('says what htmlparser2 says of each piece, alone, twice and cut at every character', () => {
    const heads: string[] = [];
    for (const piece of PIECES) {
      heads.push(piece, piece + piece, `<head>${piece}<meta name=robots content=nofollow>`);
      for (let at = 0; at < piece.length; at++) heads.push(piece.slice(0, at));
    }
    const { differ, saying } = compare(heads);
    expect(differ).toEqual([]);
    expect(saying).toBeGreaterThan(100);
  });

  it('says what htmlparser2 says of heads made of random pieces', () => {
    const { differ, saying } = compare(pieceHeads(4000, 7));
    expect(differ).toEqual([]);
    expect(saying).toBeGreaterThan(2000);
  });

  it('says what htmlparser2 says of random runs of markup characters', () => {
    const { differ, saying } = compare(wordHeads(6000, 3));
    expect(differ).toEqual([]);
    expect(saying).toBeGreaterThan(200);
  });

  it('reads a head itself, and hands over only what it does not read', () => {
    expect(
      scans(
        '<!doctype html><html lang=en><head><meta charset=utf-8><title>A &amp; B</title>' +
          '<meta name="description" content="Tom &amp; Jerry">' +
          '<link rel="stylesheet" href="/css?a=1&amp;b=2"><!-- <svg> -->' +
          '<script>if (a < b) {}</script><style>p{}</style>' +
          '<link rel="canonical" href="https://example.com/a/">',
      ),
    ).toBe(true);
    // A value it is asked for holds a character reference.
    expect(scans('<link rel="canonical" href="/a?b=1&amp;c=2">')).toBe(false);
    expect(scans('<meta name="robots" content="&#x6e;oindex">')).toBe(false);
    // Foreign content and <plaintext>, where htmlparser2 tokenizes otherwise.
    expect(scans('<svg><style><meta name=robots content=noindex></style></svg>')).toBe(false);
    expect(scans('<MATH>')).toBe(false);
    expect(scans('<plaintext>')).toBe(false);
    expect(
      parseHead('<svg><style><meta name=robots content=noindex></style></svg>').robots,
    ).toEqual(['noindex']);
    expect(parseHead('<meta name="robots" content="&#x6e;oindex">').robots).toEqual(['noindex']);
  });

  it('feeds a JSON-LD script cut by the end of the head as htmlparser2 does', () => {
    const head = '<script type="application/ld+json">{"dateModified":"2024-01-02"}';
    expect(parseHead(head)).toEqual(parseHeadWithParser(head));
    expect(parseHead(head).modifiedTime).toBe('2024-01-02');
    expect(parseHead(`${head}</scr`).modifiedTime).toBeUndefined();
  });
});
