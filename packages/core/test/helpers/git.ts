/** Git repositories with controlled commit dates, for the lastmod tests. */
import { execFileSync } from 'node:child_process';

/** Runs git in `cwd`; with `date`, the commit's author and committer dates are that. */
export function git(cwd: string, args: string[], date?: string): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@e.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@e.com',
      GIT_CONFIG_NOSYSTEM: '1',
      // No \`gc --auto\` left running in the background after a commit: it writes into .git
      // while the test's folder is being removed.
      GIT_CONFIG_COUNT: '2',
      GIT_CONFIG_KEY_0: 'gc.auto',
      GIT_CONFIG_VALUE_0: '0',
      GIT_CONFIG_KEY_1: 'maintenance.auto',
      GIT_CONFIG_VALUE_1: 'false',
      ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
    },
  });
}

/** `git init` with one branch name, whatever the machine's default. */
export function gitInit(cwd: string): void {
  git(cwd, ['init', '-q', '-b', 'main']);
}

/** Stages everything and commits it at `date`; returns the commit's hash. */
export function commitAll(cwd: string, message: string, date: string): string {
  git(cwd, ['add', '-A']);
  git(cwd, ['commit', '-q', '-m', message], date);
  return git(cwd, ['rev-parse', 'HEAD']).trim();
}
