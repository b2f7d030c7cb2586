import { sitemap } from '@sitemapkit/vite/sveltekit';
import adapter from '@sveltejs/adapter-static';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    sveltekit({
      // `dist` like the other examples (adapter-static's default is `build`); the sitemap goes
      // wherever the adapter writes the pages. `200.html` is the SPA fallback: never listed.
      adapter: adapter({ pages: 'dist', fallback: '200.html' }),
    }),
    // The report says where each page's date came from (here: its route's git history).
    sitemap({ site: 'https://example.com', report: '.sitemapkit/report.json' }),
  ],
});
