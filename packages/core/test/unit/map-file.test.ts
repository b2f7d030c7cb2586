import { sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildFormat, TrailingSlash } from '../../src/types.js';
import {
  fileRouteKey,
  isErrorPage,
  pathUrl,
  routeFromFile,
  routeKey,
  routeUrl,
  urlRouteKey,
} from '../../src/url/map-file.js';

describe('routeFromFile + routeUrl', () => {
  // file, cleanUrls, trailingSlash, format, base URL -> expected URL
  const rows: Array<[string, boolean, TrailingSlash, BuildFormat, string, string]> = [
    ['index.html', true, 'ignore', 'directory', 'https://e.com/', 'https://e.com/'],
    ['index.html', true, 'never', 'directory', 'https://e.com/', 'https://e.com'],
    ['index.html', true, 'ignore', 'file', 'https://e.com/', 'https://e.com'],
    ['index.html', true, 'always', 'file', 'https://e.com/', 'https://e.com/'],
    ['index.html', true, 'never', 'directory', 'https://e.com/docs/', 'https://e.com/docs/'],
    ['index.html', true, 'ignore', 'file', 'https://e.com/docs/', 'https://e.com/docs/'],
    ['index.html', true, 'ignore', 'preserve', 'https://e.com/docs/', 'https://e.com/docs/'],
    ['about/index.html', true, 'ignore', 'directory', 'https://e.com/', 'https://e.com/about/'],
    ['about/index.html', true, 'never', 'directory', 'https://e.com/', 'https://e.com/about'],
    ['about/index.html', true, 'ignore', 'preserve', 'https://e.com/', 'https://e.com/about/'],
    ['about.html', true, 'ignore', 'file', 'https://e.com/', 'https://e.com/about'],
    ['about.html', true, 'always', 'file', 'https://e.com/', 'https://e.com/about/'],
    ['about.html', true, 'ignore', 'preserve', 'https://e.com/', 'https://e.com/about'],
    ['about.html', false, 'always', 'preserve', 'https://e.com/', 'https://e.com/about.html'],
    [
      'about.html',
      false,
      'ignore',
      'preserve',
      'https://e.com/app/',
      'https://e.com/app/about.html',
    ],
    // Native separators: `\` on Windows (on Linux and macOS `\` is part of a name, see below).
    [
      ['docs', 'guide', 'index.html'].join(sep),
      true,
      'ignore',
      'directory',
      'https://e.com/',
      'https://e.com/docs/guide/',
    ],
    ['./blog/post.htm', true, 'never', 'preserve', 'https://e.com/', 'https://e.com/blog/post'],
    [
      'über uns/index.html',
      true,
      'ignore',
      'directory',
      'https://e.com/',
      'https://e.com/%C3%BCber%20uns/',
    ],
    [
      'a#b?c%d&e/index.html',
      true,
      'ignore',
      'directory',
      'https://e.com/',
      'https://e.com/a%23b%3Fc%25d&e/',
    ],
    [
      '100%25 off/x.html',
      true,
      'never',
      'directory',
      'https://e.com/',
      'https://e.com/100%2525%20off/x',
    ],
    [
      'products/404/index.html',
      true,
      'ignore',
      'directory',
      'https://e.com/',
      'https://e.com/products/404/',
    ],
  ];
  for (const [file, cleanUrls, trailingSlash, format, baseUrl, expected] of rows) {
    it(`${file} (${cleanUrls ? 'clean' : 'html'}, ${trailingSlash}, ${format}, ${baseUrl}) -> ${expected}`, () => {
      const route = routeFromFile(file, cleanUrls);
      expect(route).not.toBeNull();
      expect(routeUrl(route as NonNullable<typeof route>, { baseUrl, trailingSlash, format })).toBe(
        expected,
      );
      // The key read back from the URL is the route's own (pages keep only their URL).
      expect(urlRouteKey(expected, baseUrl)).toBe(routeKey(route as NonNullable<typeof route>));
    });
  }

  it('ignores files that are not HTML', () => {
    expect(routeFromFile('rss.xml', true)).toBeNull();
    expect(routeFromFile('data.json', true)).toBeNull();
  });

  it('normalises NFD file names (as macOS writes them) to NFC', () => {
    const nfd = 'cafe\u0301/index.html';
    const route = routeFromFile(nfd, true);
    expect(route?.segments).toEqual(['café']);
  });

  it('gives route keys for matching', () => {
    expect(routeKey(routeFromFile('blog/post/index.html', true) as never)).toBe('/blog/post');
    expect(routeKey(routeFromFile('index.html', true) as never)).toBe('/');
  });
});

describe('fileRouteKey', () => {
  const rows: Record<string, string | null> = {
    'index.html': '/',
    'about.html': '/about',
    'about/index.html': '/about',
    'blog/post/index.html': '/blog/post',
    [`blog${sep}post.html`]: '/blog/post',
    'cafe\u0301/index.html': '/café',
    'feed.json': null,
  };
  for (const [file, key] of Object.entries(rows))
    it(`${file} -> ${key}`, () => expect(fileRouteKey(file)).toBe(key));

  it.skipIf(sep !== '/')('a `\\` in a name on Linux and macOS is kept, not a folder', () => {
    expect(fileRouteKey('blog\\post.html')).toBe('/blog\\post');
    expect(fileRouteKey('a\\b/index.html')).toBe('/a\\b');
  });
});

describe('pathUrl: a page with no file, under the same policy as files', () => {
  const rows: Array<[string, boolean, TrailingSlash, BuildFormat, string, string]> = [
    ['/', true, 'never', 'directory', 'https://e.com/docs/', 'https://e.com/docs/'],
    ['/', true, 'never', 'directory', 'https://e.com/', 'https://e.com'],
    ['account', false, 'never', 'directory', 'https://e.com/docs/', 'https://e.com/docs/account'],
    ['/account/', false, 'ignore', 'directory', 'https://e.com/', 'https://e.com/account/'],
    ['shop', true, 'ignore', 'preserve', 'https://e.com/', 'https://e.com/shop/'],
    ['caf%C3%A9', false, 'always', 'file', 'https://e.com/', 'https://e.com/caf%C3%A9/'],
    ['a@b:c', false, 'ignore', 'file', 'https://e.com/', 'https://e.com/a@b:c'],
  ];
  for (const [path, isIndex, trailingSlash, format, baseUrl, url] of rows) {
    it(`${path} (${trailingSlash}, ${format}) under ${baseUrl} -> ${url}`, () =>
      expect(pathUrl(path, { baseUrl, trailingSlash, format }, isIndex)).toBe(url));
  }
});

describe('isErrorPage', () => {
  const rows: Array<[string, boolean]> = [
    ['404.html', true],
    ['404/index.html', true],
    ['500.html', true],
    ['es/404.html', true],
    ['zh-CN/404.html', true],
    ['pt_br/404/index.html', true],
    ['products/404/index.html', false],
    ['docs/404.html', false],
    ['fr/blog/404.html', false],
    ['4040.html', false],
  ];
  for (const [file, expected] of rows) {
    it(`${file} -> ${expected}`, () => {
      expect(isErrorPage(routeFromFile(file, true) as never)).toBe(expected);
    });
  }
  it('a locale of i18n whose folder is not named like a language', () => {
    const route = routeFromFile('deutsch/404.html', true) as never;
    expect(isErrorPage(route)).toBe(false);
    expect(isErrorPage(route, { deutsch: 'de', en: 'en' })).toBe(true);
  });
});
