import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const blog = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/blog' }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    pubDate: z.coerce.date(),
    updatedDate: z.coerce.date().optional(),
    draft: z.boolean().default(false),
    // Read by @sitemapkit/astro: `false` leaves the post out, an object sets its entry.
    sitemap: z
      .union([
        z.literal(false),
        z.object({
          changefreq: z
            .enum(['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'])
            .optional(),
          priority: z.number().min(0).max(1).optional(),
          lastmod: z.coerce.date().optional(),
        }),
      ])
      .optional(),
  }),
});

export const collections = { blog };
