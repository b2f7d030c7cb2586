/** Characters XML 1.0 forbids (C0 controls but tab/LF/CR, U+FFFE/U+FFFF, lone surrogates). */
const INVALID_XML_CHARS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_SPECIALS = /[&<>"']/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Removes the characters XML 1.0 cannot hold. */
export function stripInvalidXmlChars(value: string): string {
  return value.replace(INVALID_XML_CHARS, '');
}

/**
 * Escapes a text or attribute value: all five entities, forbidden characters removed.
 * @example escapeXml(`a&b<'c'>`) // 'a&amp;b&lt;&apos;c&apos;&gt;'
 */
export function escapeXml(value: string): string {
  return stripInvalidXmlChars(value).replace(XML_SPECIALS, (c) => ENTITIES[c] ?? c);
}
