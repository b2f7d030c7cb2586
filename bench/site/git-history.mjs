/**
 * Gives the synthetic site a git history, for the git-dates measurement (ours (d)): the sources
 * committed over 16 commits with set dates, as a real site's are. Some files were drafts first
 * (a later commit changed them), some arrive by a pure move from a folder outside
 * `src/content` (the history has to be followed through the move), and one commit is a
 * reformat that `.git-blame-ignore-revs` lists. The work tree ends byte-identical to what the
 * generator wrote, every source with its generated modification time, so the other
 * measurements see the same site. Made once per site; `.git/sitemapkit-bench` marks it done.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';

const HISTORY_VERSION = 2;
/** In `.git`, written last: a `.git` without it is a history left half made (`isHalfMade`). */
const MARK = 'sitemapkit-bench';
const COMMITS = 12;

function git(root, args, date) {
  return execFileSync('git', ['-c', 'gc.auto=0', ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'bench',
      GIT_AUTHOR_EMAIL: 'bench@example.com',
      GIT_COMMITTER_NAME: 'bench',
      GIT_COMMITTER_EMAIL: 'bench@example.com',
      GIT_CONFIG_NOSYSTEM: '1',
      ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
    },
  });
}

function commit(root, message, date) {
  git(root, ['add', '-A', 'src', '.gitignore']);
  git(root, ['commit', '-q', '--no-verify', '-m', message], date);
  return git(root, ['rev-parse', 'HEAD']).trim();
}

/** The day `n` months after 2021-01, as a commit date. */
const month = (n) =>
  `${2021 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}-15T10:00:00Z`;

async function listSources(dir) {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function moveAll(root, files, from, to) {
  for (const file of files) {
    await fs.mkdir(path.dirname(path.join(root, to, file)), { recursive: true });
    await fs.rename(path.join(root, from, file), path.join(root, to, file));
  }
}

/**
 * Leaves the repository as a user's is: packed, as every clone is and as git's own automatic
 * housekeeping keeps a working repository (the commits above make some 125,000 loose objects at
 * 100,000 pages, which made one `git log` over the sources take 1.6 s instead of 0.4 s), and
 * with an index that knows the files' times, as after a checkout (the times were set back
 * above, so `git status` would otherwise hash every file again on every run).
 */
function settle(root) {
  git(root, ['gc', '--quiet']);
  git(root, ['update-index', '-q', '--refresh']);
}

/**
 * Whether the site's git history was started and not finished (an interrupted run): the
 * sources are then moved and rewritten, and the site must be made again.
 */
export async function isHalfMade(root) {
  const git = await fs.stat(path.join(root, '.git')).catch(() => null);
  if (!git) return false;
  return !(await fs.access(path.join(root, '.git', MARK)).then(
    () => true,
    () => false,
  ));
}

/** @returns {Promise<{ commits: number, cached: boolean }>} */
export async function ensureGitHistory(root, log) {
  const mark = path.join(root, '.git', MARK);
  const made = await fs.readFile(mark, 'utf8').catch(() => '');
  if (made === String(HISTORY_VERSION)) return { commits: COMMITS + 4, cached: true };
  if (made === '1') {
    // The same history, made before it was settled: settle it.
    log(`Packing the git history of ${root} ...`);
    settle(root);
    await fs.writeFile(mark, String(HISTORY_VERSION));
    return { commits: COMMITS + 4, cached: true };
  }
  const started = performance.now();
  log(`Making a git history for ${root} ...`);
  await fs.rm(path.join(root, '.git'), { recursive: true, force: true });
  const content = path.join(root, 'src/content');
  const files = await listSources(content);
  const times = await Promise.all(files.map((f) => fs.stat(path.join(content, f))));
  const texts = new Map();
  await fs.writeFile(path.join(root, '.gitignore'), 'dist/\nsite.json\nsrc/staging/\n');
  git(root, ['init', '-q', '-b', 'main']);
  // Every 7th file starts as a draft; every 11th lives outside src/content until a move.
  const drafts = files.filter((_, i) => i % 7 === 3);
  const outside = files.filter((_, i) => i % 11 === 5 && i % 7 !== 3);
  const isOutside = new Set(outside);
  const indexOf = new Map(files.map((f, i) => [f, i]));
  for (const file of drafts) {
    const full = path.join(content, file);
    texts.set(file, await fs.readFile(full));
    await fs.writeFile(full, `draft\n${texts.get(file)}`);
  }
  await moveAll(root, outside, 'src/content', 'src/old');
  // Files come in over COMMITS commits: commit k holds every file whose index % COMMITS >= k.
  const staged = path.join(root, 'src/staging');
  const later = files.filter((f, i) => i % COMMITS !== 0 && !isOutside.has(f));
  await moveAll(root, later, 'src/content', 'src/staging');
  for (let k = 0; k < COMMITS; k++) {
    // Added, not moved: staging is not committed.
    const arriving = later.filter((f) => indexOf.get(f) % COMMITS === k);
    await moveAll(root, arriving, 'src/staging', 'src/content');
    commit(root, `posts ${k}`, month(k));
  }
  await fs.rm(staged, { recursive: true, force: true });
  for (const file of drafts) await fs.writeFile(path.join(content, file), texts.get(file));
  commit(root, 'drafts done', month(COMMITS + 1));
  await moveAll(root, outside, 'src/old', 'src/content');
  commit(root, 'move the old posts in', month(COMMITS + 2));
  // A reformat that changes nothing a reader sees, listed as one to ignore.
  const reformatted = files.filter((_, i) => i % 13 === 0);
  for (const file of reformatted) {
    const full = path.join(content, file);
    const text = await fs.readFile(full);
    texts.set(file, text);
    await fs.writeFile(full, `${text}\n`);
  }
  const reformat = commit(root, 'reformat', month(COMMITS + 3));
  for (const file of reformatted) await fs.writeFile(path.join(content, file), texts.get(file));
  await fs.writeFile(path.join(root, '.git-blame-ignore-revs'), `${reformat}\n`);
  git(root, ['add', '-A', 'src', '.git-blame-ignore-revs']);
  git(root, ['commit', '-q', '--no-verify', '-m', 'undo the reformat'], month(COMMITS + 4));
  // The generator's file times, as the other measurements expect.
  await Promise.all(
    files.map((f, i) => fs.utimes(path.join(content, f), times[i].atime, times[i].mtime)),
  );
  settle(root);
  await fs.writeFile(mark, String(HISTORY_VERSION));
  log(`Made the history in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { commits: COMMITS + 4, cached: false };
}
