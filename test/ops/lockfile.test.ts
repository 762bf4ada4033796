/**
 * The lock file installs on every platform npm supports: each package's platform binaries
 * (@napi-rs/canvas's, Biome's, rollup's, esbuild's) are all listed, so `npm ci` on macOS,
 * Windows or Alpine finds its own instead of failing at start (npm/cli#4828).
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  dev?: boolean;
  engines?: { node?: string };
  optionalDependencies?: Record<string, string>;
}
const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** Where npm would install `name` for the package at `path`: beside it, or in a node_modules above it. */
function resolves(path: string, name: string): boolean {
  let base = path;
  for (;;) {
    if (lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

it('lists every optional dependency of every locked package, so each platform finds its binary', () => {
  const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
    Object.keys(entry.optionalDependencies ?? {})
      .filter((name) => !resolves(path, name))
      .map((name) => `${path} → ${name}`),
  );
  expect(missing).toEqual([]);
});

it("lists each of @napi-rs/canvas's platform binaries at the locked version", () => {
  const canvas = lock.packages['node_modules/@napi-rs/canvas'];
  const platforms = Object.keys(canvas?.optionalDependencies ?? {});
  // macOS (both), Windows, glibc and musl Linux on x64 and arm64 at least.
  expect(platforms.length).toBeGreaterThanOrEqual(8);
  for (const name of platforms)
    expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(canvas?.version);
});

/** The oldest Node.js of each line the README promises: the bot at `engines`, the suite at vite's. */
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
};
const oldestOfEachLine = (range: string) =>
  range.split('||').map((part) => semver.minVersion(part.trim())?.version ?? part);
const BOT_NODES = oldestOfEachLine(manifest.engines.node);
const SUITE_NODES = ['20.19.0', '22.12.0'];

it('installs no package that refuses the Node.js it must run on (npm only warns, then it breaks)', () => {
  const refused = Object.entries(lock.packages).flatMap(([path, entry]) => {
    const range = entry.engines?.node;
    if (!path || !range) return [];
    const nodes = entry.dev ? SUITE_NODES : BOT_NODES;
    return nodes
      .filter((node) => !semver.satisfies(node, range))
      .map((node) => `${path} (${range}) on ${node}`);
  });
  expect(BOT_NODES).toEqual(['20.15.0', '22.2.0']);
  expect(refused).toEqual([]);
});
