/** hreflang's language tags: the one check the generator, its options and the adapters use. Pure. */

const LANGUAGE_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

/**
 * Whether `tag` is a language tag an hreflang may carry (BCP 47's shape: `en`, `de-AT`,
 * `zh-Hant-TW`); `x-default` too when `withDefault`. The one check of the generator, its options
 * and the adapters.
 * @example isLanguageTag('pt-BR') // true
 * @example isLanguageTag('en_US') // false: hreflang writes `en-US`
 */
export function isLanguageTag(tag: string, withDefault = false): boolean {
  return (withDefault && tag === 'x-default') || LANGUAGE_TAG.test(tag);
}
