/**
 * A user's project outside the workspace: a folder in the OS temp dir holding the three packed
 * tarballs (scripts/pack-packages.mjs), installed with npm together with `vite` and `astro` from
 * the registry at the versions the workspace's adapters are tested with.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

/** Tarballs as the pack script names them, and the READMEs' install commands name them. */
export const TARBALLS = ['sitemapkit-core.tgz', 'sitemapkit-vite.tgz', 'sitemapkit-astro.tgz'];

/**
 * Variables a package manager, turbo or vitest sets for its children; a user's shell has none.
 * npm's own configuration (`npm_config_*`: registry, certificates, proxy) stays, but for the user
 * agent that says pnpm runs the scripts.
 */
const RUNNER_ENV =
  /^(npm_(?!config_)|npm_config_user_agent$|pnpm_|turbo_|vitest|node$|node_env$|node_options$|test$|init_cwd$)/i;

export interface CommandResult {
  stdout: string;
  stderr: string;
  /** Wall time in milliseconds. */
  ms: number;
}

export interface ScratchProject {
  dir: string;
  /** Versions installed from the registry, by package name. */
  registry: Record<string, string>;
  /** Runs a command in `dir` (or a folder in it) as a user's shell would; rejects on a non-zero exit. */
  run(command: string, args: string[], cwd?: string): Promise<CommandResult>;
  /** Writes files from an object of path (relative to `dir`) -> contents. */
  write(files: Record<string, string>): Promise<void>;
  remove(): Promise<void>;
}

/**
 * The environment of a user's shell on the Node.js running these tests: Astro 7 needs Node 22.12
 * or later, which the workspace brings (the `node` package), not necessarily the machine.
 */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!RUNNER_ENV.test(name)) env[name] = value;
  }
  env.PATH = [dirname(process.execPath), process.env.PATH].join(delimiter);
  env.NO_COLOR = '1';
  env.ASTRO_TELEMETRY_DISABLED = '1';
  return env;
}

async function workspaceVersion(packageDir: string, name: string): Promise<string> {
  const manifest = join(REPO, packageDir, 'node_modules', name, 'package.json');
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
}

/**
 * Packs the packages, makes the project and installs everything. The packages must be built
 * (turbo builds them before this layer's `test`).
 */
export async function createScratchProject(): Promise<ScratchProject> {
  const dir = await mkdtemp(join(tmpdir(), 'sitemapkit-packed-'));
  const env = userEnv();
  const project: ScratchProject = {
    dir,
    registry: {
      vite: await workspaceVersion('packages/vite-plugin', 'vite'),
      astro: await workspaceVersion('packages/astro-integration', 'astro'),
    },
    async run(command, args, cwd = '.') {
      const started = performance.now();
      try {
        const { stdout, stderr } = await run(command, args, {
          cwd: join(dir, cwd),
          env,
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        });
        return { stdout, stderr, ms: Math.round(performance.now() - started) };
      } catch (error) {
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
        throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`);
      }
    },
    async write(files) {
      for (const [path, contents] of Object.entries(files)) {
        await mkdir(dirname(join(dir, path)), { recursive: true });
        await writeFile(join(dir, path), contents);
      }
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
  try {
    await run(process.execPath, [join(REPO, 'scripts/pack-packages.mjs'), join(dir, 'packed')], {
      cwd: REPO,
      encoding: 'utf8',
    });
    await project.write({
      'package.json': `${JSON.stringify({ name: 'scratch', private: true, type: 'module' }, null, 2)}\n`,
    });
    // `--ignore-scripts`: nothing from the registry runs at install; esbuild, rolldown and sharp
    // find their platform packages at run time.
    await project.run('npm', [
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--prefer-offline',
      '--loglevel=error',
      ...Object.entries(project.registry).map(([name, version]) => `${name}@${version}`),
      ...TARBALLS.map((file) => `./packed/${file}`),
    ]);
  } catch (error) {
    await project.remove();
    throw error;
  }
  return project;
}
