// A hand-written RSS feed (no @astrojs/rss): an endpoint, so never a sitemap entry.
import { getCollection } from 'astro:content';

const escapeXml = (text) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

export async function GET(context) {
  const posts = (await getCollection('blog', ({ data }) => !data.draft)).sort(
    (a, b) => b.data.pubDate.valueOf() - a.data.pubDate.valueOf(),
  );
  const items = posts
    .map((post) => {
      const link = new URL(`/blog/${post.id}/`, context.site).href;
      return `<item><title>${escapeXml(post.data.title)}</title><link>${link}</link><guid>${link}</guid><description>${escapeXml(post.data.description)}</description><pubDate>${post.data.pubDate.toUTCString()}</pubDate></item>`;
    })
    .join('');
  const xml = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>A small blog</title><link>${context.site}</link><description>Posts</description>${items}</channel></rss>`;
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
}
