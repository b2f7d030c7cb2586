/**
 * Detects an Eleventy (11ty) site (`eleventy.config.*` or `.eleventy.js` in the project folder,
 * or `@11ty/eleventy` in package.json with a script that runs it) and asks the project's own Eleventy which file each page
 * comes from: permalinks, pagination, data files, drafts and plugins are Eleventy's to decide,
 * not ours to copy. Eleventy maps the pages without rendering them (eleventy-probe.ts). When it
 * cannot be loaded, the output folder is Eleventy's default and a warning says how to fix it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildScriptFlags, type EleventyFlags } from './eleventy-build-script.js';
import { type ProbeOutcome, runEleventyProbe } from './eleventy-run-probe.js';
import { eleventySite } from './eleventy-site.js';
import { projectPath } from './project-path.js';
import type { DetectedSite, Detector } from './types.js';

/** Eleventy's own config file names, in the order it looks for them. */
const DEFAULT_CONFIGS = [
  '.eleventy.js',
  'eleventy.config.js',
  'eleventy.config.mjs',
  'eleventy.config.cjs',
];
/** Config files Eleventy reads only when named with `--config`. */
const TYPESCRIPT_CONFIGS = ['eleventy.config.ts', 'eleventy.config.mts', 'eleventy.config.cts'];
const PACKAGE = '@11ty/eleventy';
/** Where Eleventy writes when nothing says otherwise. */
const DEFAULT_OUT_DIR = '_site';

interface PackageJson {
  dependencies?: Record<string, unknown>;
  devDependencies?: Record<string, unknown>;
  scripts?: Record<string, unknown>;
}

function readPackageJson(root: string): PackageJson | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    return pkg && typeof pkg === 'object' ? (pkg as PackageJson) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a package.json script runs the `eleventy` command (to build or to serve). */
function runsEleventy(scripts: Record<string, unknown> | undefined): boolean {
  return Object.values(scripts ?? {}).some(
    (script) =>
      typeof script === 'string' && /(?:^|[\s/])(?:@11ty\/)?eleventy(?:\s|$)/.test(script),
  );
}

/** What the failed probe means, said as a warning that names the config and the fix. */
function loadWarning(outcome: Exclude<ProbeOutcome, { ok: true }>, configFile: string): string {
  const eleventy =
    'version' in outcome && outcome.version ? `Eleventy ${outcome.version}` : 'Eleventy';
  const noSources = 'no page has a source file, so lastmod comes from the pages alone';
  switch (outcome.stage) {
    case 'resolve':
      return `${configFile}: Eleventy could not be loaded (${outcome.message}). Run \`npm install\` in the project folder (or \`npm install --save-dev @11ty/eleventy\`); until then ${noSources}.`;
    case 'config':
      return `${configFile}: ${eleventy} could not load the config (${outcome.message}). Fix it until \`npx @11ty/eleventy\` builds; until then ${noSources}.`;
    case 'map':
      return `${configFile}: ${eleventy} could not list the pages (${outcome.message}). Fix the error \`npx @11ty/eleventy\` shows; until then ${noSources}.`;
    default:
      return `${configFile}: ${outcome.message}. Check that \`npx @11ty/eleventy\` builds the site; until then ${noSources}.`;
  }
}

/**
 * The Eleventy site at `root`, or undefined when `root` is not an Eleventy project.
 * @example const site = await detectEleventy('my-blog'); site?.pageSources['/blog/hello'] // 'content/blog/hello.md'
 */
export const detectEleventy: Detector = async (root) => {
  const pkg = readPackageJson(root);
  // A dependency alone is not a site (a library may test with Eleventy): a script must run it.
  const listed =
    Boolean(pkg?.dependencies?.[PACKAGE] ?? pkg?.devDependencies?.[PACKAGE]) &&
    runsEleventy(pkg?.scripts);
  const flags: EleventyFlags = buildScriptFlags(pkg?.scripts);
  const found = [...DEFAULT_CONFIGS, ...TYPESCRIPT_CONFIGS].find((name) =>
    existsSync(join(root, name)),
  );
  if (!found && !listed && !flags.config) return undefined;

  // Eleventy finds its default names itself; another name must be given, as the build gives it.
  const configPath =
    flags.config ?? (found && !DEFAULT_CONFIGS.includes(found) ? found : undefined);
  const configFile = configPath ?? found ?? 'package.json';
  const outcome = await runEleventyProbe(root, {
    ...(configPath ? { configPath } : {}),
    ...(flags.input ? { input: flags.input } : {}),
    ...(flags.output ? { output: flags.output } : {}),
    ...(flags.pathPrefix ? { pathPrefix: flags.pathPrefix } : {}),
  });

  const detected: DetectedSite = {
    generator: 'eleventy',
    name: 'Eleventy',
    configFile,
    outDir: flags.output ? projectPath(root, flags.output) : DEFAULT_OUT_DIR,
    contentDirs: [flags.input ? projectPath(root, flags.input) : '.'],
    // Eleventy's URL for `x.html` keeps its extension (`/404.html`); `x/index.html` is `/x/`.
    cleanUrls: false,
    pageSources: {},
    languages: 1,
    warnings: [],
  };
  if (!outcome.ok) {
    detected.warnings.push(loadWarning(outcome, configFile));
    return detected;
  }
  const fields = eleventySite(root, outcome);
  return {
    ...detected,
    ...fields,
    configFile: outcome.configFile ? projectPath(root, outcome.configFile) : configFile,
    warnings: [...fields.warnings, ...outcome.notes.map((note) => `${configFile}: ${note}.`)],
  };
};
