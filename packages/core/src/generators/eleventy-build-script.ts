/**
 * The Eleventy flags a project builds with, read from its package.json `build` script
 * (`eleventy --config=site.config.js --output=dist --pathprefix=/repo/`): the config file,
 * folders and path prefix the build that wrote the output used, which no config file says. Pure.
 */

/** The flags of an `eleventy` command line that change where pages go. */
export interface EleventyFlags {
  config?: string;
  input?: string;
  output?: string;
  pathPrefix?: string;
}

/** `eleventy`, `@11ty/eleventy`, `node_modules/.bin/eleventy`, `…/@11ty/eleventy/cmd.cjs`. */
const ELEVENTY_COMMAND = /(?:^|\/)(?:@11ty\/eleventy(?:\/cmd\.c?js)?|eleventy)$/;
const SHELL_SEPARATOR = /^(?:&&|\|\||;|\||&)$/;
const FLAG_NAMES: Record<string, keyof EleventyFlags> = {
  '--config': 'config',
  '--input': 'input',
  '--output': 'output',
  '--pathprefix': 'pathPrefix',
};
/** Flags of a command that serves or watches rather than builds. */
const NOT_A_BUILD = /^--(?:serve|watch)(?:=|$)/;
const QUOTES = /^(['"])(.*)\1$/;

/**
 * The flags of the first `eleventy` command in `script`, or undefined when it runs none that
 * builds.
 * @example eleventyFlags('npm run css && eleventy --output=dist --pathprefix /blog/')
 *   // { output: 'dist', pathPrefix: '/blog/' }
 */
export function eleventyFlags(script: string): EleventyFlags | undefined {
  const tokens = script
    .split(/\s+/)
    .flatMap((t) => (t.length > 1 && t.endsWith(';') ? [t.slice(0, -1), ';'] : [t]))
    .filter((t) => t !== '');
  const start = tokens.findIndex((t) => ELEVENTY_COMMAND.test(t.replace(QUOTES, '$2')));
  if (start === -1) return undefined;
  const flags: EleventyFlags = {};
  for (let i = start + 1; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (SHELL_SEPARATOR.test(token)) break;
    if (NOT_A_BUILD.test(token)) return undefined;
    const eq = token.indexOf('=');
    const name = FLAG_NAMES[eq === -1 ? token : token.slice(0, eq)];
    if (!name) continue;
    const value = eq === -1 ? tokens[++i] : token.slice(eq + 1);
    if (value !== undefined && !value.startsWith('--')) flags[name] = value.replace(QUOTES, '$2');
  }
  return flags;
}

/**
 * The flags of the script that builds the site: `build`, else the first other `build…` script
 * that runs Eleventy to build; `{}` when none does.
 * @example buildScriptFlags({ build: 'eleventy --output=dist' }) // { output: 'dist' }
 */
export function buildScriptFlags(scripts: Record<string, unknown> | undefined): EleventyFlags {
  if (!scripts) return {};
  const names = Object.keys(scripts).filter((n) => n === 'build' || n.startsWith('build'));
  names.sort((a, b) => (a === 'build' ? -1 : b === 'build' ? 1 : 0));
  for (const name of names) {
    const script = scripts[name];
    const flags = typeof script === 'string' ? eleventyFlags(script) : undefined;
    if (flags) return flags;
  }
  return {};
}
