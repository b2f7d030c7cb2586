// Every page is written to disk at build time: adapter-static serves only prerendered pages.
export const prerender = true;
