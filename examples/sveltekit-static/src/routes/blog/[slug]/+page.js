const POSTS = {
  'hello-world': { title: 'Hello, world', body: 'The first post.' },
  'second-post': { title: 'A second post', body: 'More words.' },
};

// The posts to prerender: /blog/[slug] has a parameter, so SvelteKit cannot find them alone.
export function entries() {
  return Object.keys(POSTS).map((slug) => ({ slug }));
}

export function load({ params }) {
  return POSTS[params.slug];
}
