// `npm run build`: compiles src/ and commands/ with tsc (tsconfig.build.json) to dist/, keeping the
// layout (dist/src/..., dist/commands/...). Plain JavaScript, so that it runs without tsx.
//
// A build is compiled into a new folder and then put in dist/'s place, so a bot still running from
// dist/ never sees half a build, and no file of a deleted source stays behind (a command file
// left in dist/commands/ would still be registered). dist/.build-stamp records what the build was
// made from: every source's path, size and mtime; `npm start` builds again when that differs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DIST = join(ROOT, 'dist');
const STAMP = '.build-stamp';
/** What the build reads: a change to any of these (or a file added or deleted) calls for a new build. */
const SOURCES = ['src', 'commands', 'tsconfig.json', 'tsconfig.build.json'];

/** A digest of every source's path, size and mtime: equal digests, same sources. */
export function sourcesDigest() {
  const hash = createHash('sha256');
  const visit = (path) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry));
      return;
    }
    hash.update(`${relative(ROOT, path)}\0${stat.size}\0${stat.mtimeMs}\n`);
  };
  for (const source of SOURCES) visit(join(ROOT, source));
  return hash.digest('hex');
}

/** Why dist/ needs a new build, or null when it was built from the sources as they are. */
export function staleness() {
  if (!existsSync(join(DIST, 'src', 'start.js'))) return 'dist/ is missing';
  let stamp;
  try {
    stamp = readFileSync(join(DIST, STAMP), 'utf8').trim();
  } catch {
    return 'dist/ has no build stamp';
  }
  return stamp === sourcesDigest() ? null : 'the sources changed since dist/ was built';
}

/**
 * Compiles to a fresh folder and swaps it in for dist/. Returns true on success; on a type error,
 * tsc's report goes to stderr (stdout carries the bot's JSON logs) and dist/ is left as it was.
 */
export function build() {
  let tsc;
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    process.stderr.write('Cannot build: TypeScript is not installed. Run npm install (or npm ci) first.\n');
    return false;
  }
  removeLeftovers();
  const digest = sourcesDigest();
  const fresh = join(ROOT, `dist.building-${process.pid}`);
  const compiled = spawnSync(
    process.execPath,
    [tsc, '--project', join(ROOT, 'tsconfig.build.json'), '--outDir', fresh],
    { cwd: ROOT, stdio: ['ignore', 2, 2] },
  );
  if (compiled.status !== 0) {
    rmSync(fresh, { recursive: true, force: true });
    process.stderr.write(
      `Cannot build: tsc failed (${compiled.error?.message ?? `exit code ${compiled.status}`}); dist/ is unchanged.\n`,
    );
    return false;
  }
  writeFileSync(join(fresh, STAMP), `${digest}\n`);
  const old = join(ROOT, `dist.old-${process.pid}`);
  if (existsSync(DIST)) renameSync(DIST, old);
  renameSync(fresh, DIST);
  rmSync(old, { recursive: true, force: true });
  return true;
}

/** Folders of builds that were stopped half-way (their process is gone), and old dist/s not yet removed. */
function removeLeftovers() {
  for (const name of readdirSync(ROOT)) {
    const match = /^dist\.(building|old)-(\d+)$/.exec(name);
    if (!match || (match[1] === 'building' && alive(Number(match[2])))) continue;
    rmSync(join(ROOT, name), { recursive: true, force: true });
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Builds when dist/ is missing or stale; false when that build failed. */
export function ensureBuilt() {
  const why = staleness();
  if (!why) return true;
  process.stderr.write(`Building the bot (${why}): npm run build\n`);
  return build();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  if (!build()) process.exit(1);
  process.stderr.write(`Built dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
