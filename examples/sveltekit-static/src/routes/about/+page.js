// Served as /about/ (written as about/index.html); the other pages keep SvelteKit's default,
// no trailing slash (pricing.html, served as /pricing).
export const trailingSlash = 'always';
