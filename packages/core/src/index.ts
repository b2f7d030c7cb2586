/**
 * @sitemapkit/core: sitemaps correct to the letter of the protocol, with a lastmod that is true.
 * One entry point, `generateSitemaps(options)`; the rest is types and helpers adapters share.
 */

export { formatBytes, formatSummary, formatSummaryLine } from './cli/summary.js';
export { htmlFileKeys } from './discover/walk-files.js';
export type { ErrorContext, SitemapErrorCode } from './errors.js';
export { isSitemapError, SitemapError } from './errors.js';
export { generateSitemaps } from './generate-sitemaps.js';
export { optionsFromDetected } from './generators/options.js';
export type { DetectedSite, GeneratorId } from './generators/types.js';
export { type VitePressSiteConfig, vitePressSite } from './generators/vitepress.js';
export { forFreshOutDir } from './indexnow/options.js';
export * from './limits.js';
export {
  checkOptions,
  invalidOptions,
  type OptionsCheck,
  optionProblems,
  unknownOption,
} from './options/check-options.js';
export type { ResolvedOptions } from './options/resolve-options.js';
export { DEFAULTS, resolveOptions } from './options/resolve-options.js';
export type { ReportPage } from './output/report.js';
export {
  type MemoryPage,
  type PageLister,
  type RenderedSet,
  type RenderSetOptions,
  renderSitemapSet,
  sitemapDevMiddleware,
} from './render-set.js';
export type * from './types.js';
export { isLanguageTag } from './url/language-tag.js';
export { fileRouteKey, pathUrl, type UrlPolicy, urlRouteKey } from './url/map-file.js';

export type {
  CommandIO,
  Finding,
  FormatOptions,
  ReportFile,
  RuleId,
  RuleInfo,
  Severity,
  SiteInfo,
  ValidateOptions,
  ValidationReport,
  W3cDatetimeCheck,
} from './validate/index.js';
export {
  checkW3cDatetime,
  formatReport,
  RULE_IDS,
  RULES,
  VALIDATE_USAGE,
  validateCommand,
  validateSitemaps,
} from './validate/index.js';
