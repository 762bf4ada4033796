/**
 * The lock file installs on every platform npm supports: each package's platform binaries
 * (@napi-rs/canvas's, Biome's, rollup's, esbuild's) are all listed, so `npm ci` on macOS,
 * Windows or Alpine finds its own instead of failing at start (npm/cli#4828).
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

interface LockEntry {
  version?: string;
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
