/** `npm run bench [-- section...]`: every benchmark section, or the ones named. */

import { benchAnalyze } from './analyze.ts';
import { benchBot } from './bot.ts';
import { benchEngine } from './engine.ts';
import { benchOpenings } from './openings.ts';
import { benchOpeningsBackfill } from './openings-backfill.ts';
import { benchRender } from './render.ts';
import { benchReplay } from './replay.ts';
import { benchTournament } from './tournament.ts';
import { benchWeb } from './web.ts';

const sections: Record<string, () => Promise<void>> = {
  engine: benchEngine,
  render: benchRender,
  bot: benchBot,
  replay: benchReplay,
  analyze: benchAnalyze,
  openings: benchOpenings,
  'openings-backfill': benchOpeningsBackfill,
  tournament: benchTournament,
  web: benchWeb,
};

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!(name in sections)) {
    console.error(`unknown section "${name}"; sections: ${Object.keys(sections).join(', ')}`);
    process.exit(2);
  }
}
for (const [name, run] of Object.entries(sections)) {
  if (wanted.length === 0 || wanted.includes(name)) {
    await run();
    console.log();
  }
}
process.exit(0);
