/** The commands' own (English) words, in the shape of a catalogue's commands.json. */
import type { APIApplicationCommandOption } from 'discord.js';
import type { Command } from './command.ts';
import type { CommandWords } from './localizations.ts';

function optionWords(options: readonly APIApplicationCommandOption[] | undefined): CommandWords['options'] {
  if (!options?.length) return undefined;
  return Object.fromEntries(
    options.map((option) => {
      const words: CommandWords = { name: option.name, description: option.description };
      if ('options' in option) words.options = optionWords(option.options);
      if ('choices' in option && option.choices?.length)
        words.choices = Object.fromEntries(
          option.choices.map((choice) => [String(choice.value), choice.name]),
        );
      return [option.name, words];
    }),
  );
}

export function englishCommandWords(commands: Map<string, Command>): Record<string, CommandWords> {
  return Object.fromEntries(
    [...commands.values()].map((command) => {
      const body = command.data.toJSON();
      const options = optionWords(body.options);
      return [body.name, { name: body.name, description: body.description, ...(options ? { options } : {}) }];
    }),
  );
}
