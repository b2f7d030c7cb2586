/** `sitemapkit validate`: the protocol checker, as a function and as a command. */

export { checkW3cDatetime, type W3cDatetimeCheck } from '../dates/w3c-datetime.js';
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

// Internal: for the build's self-check (output/self-check.ts), which holds what it writes to the
// same checks. Not part of the package's API: src/index.ts does not re-export them.

export { checkEntry } from './check-entry.js';
export { checkLimits } from './check-limits.js';
export type { ParsedEntry, RootKind } from './entry-builder.js';
export { runXsd } from './xsd.js';
