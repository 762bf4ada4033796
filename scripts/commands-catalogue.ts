/**
 * `npx tsx scripts/commands-catalogue.ts`: writes locales/en/commands.json, the commands' names,
 * descriptions and choices in English, from the command builders (commands/*.ts), for translators
 * to translate from. A test fails when the committed file differs from the builders.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { englishCommandWords } from '../src/bot/discord/command-words.ts';
import { loadCommands } from '../src/bot/discord/load-commands.ts';
import { LOCALES_DIR } from '../src/i18n/resources.ts';

const words = englishCommandWords(await loadCommands());
writeFileSync(join(LOCALES_DIR, 'en', 'commands.json'), `${JSON.stringify(words, null, 2)}\n`);
console.log('wrote locales/en/commands.json');
