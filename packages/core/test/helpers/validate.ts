/** Shared by the validate tests: the command run in-process, and a report to format. */
import { type ValidationReport, validateCommand } from '../../src/validate/index.js';

/** Runs `sitemapkit validate` in-process; returns its exit code and what it printed. */
export async function runValidate(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await validateCommand(args, {
    stdout: (s) => {
      stdout += s;
    },
    stderr: (s) => {
      stderr += s;
    },
  });
  return { code, stdout, stderr };
}

/** A report with nothing in it but `overrides`. */
export function emptyReport(overrides: Partial<ValidationReport>): ValidationReport {
  return {
    root: '/site',
    site: null,
    files: [],
    findings: [],
    dropped: [],
    errors: 0,
    warnings: 0,
    urlCount: 0,
    ...overrides,
  };
}
