/** `sitemapkit validate`: the protocol checker, as a function and as a command. */

export { type CommandIO, VALIDATE_USAGE, validateCommand } from './command.js';
export { type FormatOptions, formatReport } from './format.js';
export { RULE_IDS, RULES, type RuleId, type RuleInfo } from './rules.js';
export type {
  DroppedFindings,
  Finding,
  ReportFile,
  Severity,
  SiteInfo,
  ValidateOptions,
  ValidationReport,
} from './types.js';
export { validateSitemaps } from './validate-sitemaps.js';
export { checkW3cDatetime, type W3cDatetimeCheck } from './w3c-datetime.js';
