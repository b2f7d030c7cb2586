import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sitemap from '@sitemapkit/vite';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const NOT_PAGES = /^(public|dist|node_modules)(\/|$)/;

/** Every `.html` page of the app (outside public/, dist/, node_modules/), as Vite inputs. */
function pages() {
  const files = readdirSync(root, { recursive: true })
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => file.endsWith('.html') && !NOT_PAGES.test(file))
    .sort();
  return Object.fromEntries(files.map((file) => [file.replace(/\.html$/, ''), `${root}${file}`]));
}

export default defineConfig({
  // Deployed under https://example.com/app/: the sitemap takes its base path from here.
  base: '/app/',
  build: {
    // Vite 8's name; Vite 6 and 7 call it `rollupOptions`.
    rolldownOptions: { input: pages() },
  },
  plugins: [sitemap({ site: 'https://example.com' })],
});
