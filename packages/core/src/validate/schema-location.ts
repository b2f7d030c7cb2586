/**
 * The root's `xsi:schemaLocation`, read back: a file that names a schema for the sitemap
 * namespace should name the sitemaps.org one of its root (`sitemap.xsd` on `<urlset>`,
 * `siteindex.xsd` on `<sitemapindex>`), since that is the schema the XSD pass validates it with,
 * whatever the file names. Pairs for other namespaces (an extension's schema) are left alone. Pure.
 */
import type { SaxesTagNS } from 'saxes';
import { SITEMAP_NS } from '../limits.js';
import { clip } from '../url/shorten.js';
import { OFFICIAL_SCHEMA, XSI_NS } from '../xml/schema-location.js';

/**
 * What is wrong with the root's `xsi:schemaLocation`, or undefined when it is absent or right.
 * The official location is accepted over http or https. On a `<urlset>` naming
 * `https://example.com/my.xsd` for the sitemap namespace: "xsi:schemaLocation names
 * https://example.com/my.xsd for the sitemap namespace, not the sitemaps.org schema of <urlset> …".
 */
export function schemaLocationProblem(tag: SaxesTagNS): string | undefined {
  const attribute = Object.values(tag.attributes).find(
    (a) => a.uri === XSI_NS && a.local === 'schemaLocation',
  );
  if (attribute === undefined) return undefined;
  const kind = tag.local as keyof typeof OFFICIAL_SCHEMA;
  const official = OFFICIAL_SCHEMA[kind];
  if (official === undefined) return undefined;
  const which = official.slice(official.lastIndexOf('/') + 1);
  const tokens = attribute.value.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0 || tokens.length % 2 !== 0) {
    return `xsi:schemaLocation "${clip(attribute.value.trim())}" is not pairs of namespace and schema URL; write "${SITEMAP_NS} ${official}" (the file was validated against the shipped ${which})`;
  }
  for (let i = 0; i < tokens.length; i += 2) {
    if (tokens[i] !== SITEMAP_NS) continue;
    const location = tokens[i + 1] as string;
    if (location.replace(/^https:/, 'http:') === official) return undefined;
    return `xsi:schemaLocation names ${clip(location)} for the sitemap namespace, not the sitemaps.org schema of <${kind}> (${official}); the file was validated against the shipped ${which}`;
  }
  return `xsi:schemaLocation names no schema for the sitemap namespace (${SITEMAP_NS}); add "${SITEMAP_NS} ${official}" or leave the attribute out`;
}
