import { sitemap } from '@sitemapkit/vite/vitepress';
import { defineConfig } from 'vitepress';

export default defineConfig({
  title: 'Example docs',
  base: '/docs/',
  cleanUrls: true,
  // The page written at legacy/old-page.md is served at /docs/moved/page.
  rewrites: { 'legacy/old-page.md': 'moved/page.md' },
  locales: {
    root: { label: 'English', lang: 'en-US' },
    fr: { label: 'Français', lang: 'fr-FR', link: '/fr/' },
  },
  // One line: the sitemap is written once every page is.
  buildEnd: sitemap({ site: 'https://example.com' }),
});
