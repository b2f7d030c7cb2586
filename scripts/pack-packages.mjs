#!/usr/bin/env node
/**
 * Packs the three publishable packages (packages/*) into one folder, as `changeset publish` will
 * pack them: with pnpm, so each `workspace:` range becomes the version it points at. The tarballs
 * are named without a version (`sitemapkit-core.tgz`), so the install commands in the READMEs hold
 * from one release to the next. Build first (`pnpm run pack` does both).
 *
 * @example
 *   node scripts/pack-packages.mjs            # -> packed/
 *   node scripts/pack-packages.mjs ../packed-elsewhere   # any folder; prints the npm install line for it
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['core', 'vite-plugin', 'astro-integration'];
const PACKAGE_MANAGER = /^pnpm@(.+)$/;

/** The pnpm the repository pins (`packageManager`): the one on PATH if it is that version, else npx's. */
function pnpmCommand() {
  const rootManifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const version = PACKAGE_MANAGER.exec(rootManifest.packageManager ?? '')?.[1];
  if (!version) throw new Error('package.json: packageManager must name pnpm@<version>');
  const onPath = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim() === version) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${version}`];
}

/** Tarball file name for a package name: `@sitemapkit/core` -> `sitemapkit-core.tgz` (pnpm's `%s`). */
function tarballName(name) {
  return `${name.replace(/^@/, '').replace('/', '-')}.tgz`;
}

function main() {
  const dest = resolve(process.argv[2] ?? join(ROOT, 'packed'));
  const manifests = PACKAGES.map((dir) => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8'));
    if (!existsSync(join(ROOT, 'packages', dir, 'dist'))) {
      throw new Error(
        `packages/${dir}/dist is missing: build first (pnpm run pack builds, then packs)`,
      );
    }
    return manifest;
  });
  mkdirSync(dest, { recursive: true });
  for (const { name } of manifests) rmSync(join(dest, tarballName(name)), { force: true });

  const [command = 'pnpm', ...prefix] = pnpmCommand();
  const filters = PACKAGES.flatMap((dir) => ['--filter', `./packages/${dir}`]);
  const packed = spawnSync(
    command,
    [...prefix, '--recursive', ...filters, 'pack', '--out', join(dest, '%s.tgz'), '--silent'],
    { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (packed.status !== 0) {
    process.stdout.write(packed.stdout ?? '');
    throw new Error(`pnpm pack failed (exit ${packed.status})`);
  }

  for (const { name, version } of manifests) {
    const file = join(dest, tarballName(name));
    if (!existsSync(file)) throw new Error(`pnpm pack wrote no ${file}`);
    console.log(`${name}@${version} -> ${file}`);
  }
  const path = (name) => join(dest, tarballName(name));
  const core = path('@sitemapkit/core');
  console.log(
    [
      '',
      'Install in a project (an adapter needs the core tarball beside it):',
      `  Vite:  npm install ${core} ${path('@sitemapkit/vite')}`,
      `  Astro: npm install ${core} ${path('@sitemapkit/astro')}`,
      `  CLI:   npm install ${core}`,
    ].join('\n'),
  );
}

try {
  main();
} catch (error) {
  console.error(`pack-packages: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
