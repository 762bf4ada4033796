// `npm start`: runs the compiled bot from dist/, building it first when dist/ is missing or was
// built from other sources. `npm run start:shards` passes `shards` (the shard launcher), `npm run
// deploy-commands` passes `deploy-commands`. Plain JavaScript, so that a production install
// (npm ci --omit=dev) needs no tsx.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, ensureBuilt } from './build.mjs';

const ENTRIES = {
  start: 'start.js',
  shards: 'shards.js',
  'deploy-commands': 'bot/discord/deploy-commands.js',
};
const entry = ENTRIES[process.argv[2] ?? 'start'];
if (!entry) {
  console.error(`Unknown entry "${process.argv[2]}": one of ${Object.keys(ENTRIES).join(', ')}`);
  process.exit(1);
}
if (!ensureBuilt()) process.exit(1);
await import(pathToFileURL(join(DIST, 'src', entry)).href);
