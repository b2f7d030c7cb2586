// @ts-check
import sitemap from '@sitemapkit/astro';
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: 'https://blog.example.com',
  i18n: { defaultLocale: 'en', locales: ['en', 'es'] },
  redirects: { '/old-about': '/about' },
  // Blog posts live in the `blog` collection and are served under /blog/.
  integrations: [sitemap({ content: { blog: '/blog/' } })],
});
