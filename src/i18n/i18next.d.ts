/** Keys checked by the compiler: the English catalogue (the source) is the type of every catalogue. */
import 'i18next';
import type accuracy from '../../locales/en/accuracy.json';
import type clock from '../../locales/en/clock.json';
import type failures from '../../locales/en/failures.json';
import type games from '../../locales/en/games.json';
import type lobby from '../../locales/en/lobby.json';
import type messages from '../../locales/en/messages.json';
import type openings from '../../locales/en/openings.json';
import type picker from '../../locales/en/picker.json';
import type practice from '../../locales/en/practice.json';
import type puzzles from '../../locales/en/puzzles.json';
import type rules from '../../locales/en/rules.json';
import type settings from '../../locales/en/settings.json';
import type sides from '../../locales/en/sides.json';
import type titles from '../../locales/en/titles.json';
import type tournament from '../../locales/en/tournament.json';
import type web from '../../locales/en/web.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'messages';
    resources: {
      messages: typeof messages;
      failures: typeof failures;
      tournament: typeof tournament;
      puzzles: typeof puzzles;
      practice: typeof practice;
      sides: typeof sides;
      rules: typeof rules;
      titles: typeof titles;
      openings: typeof openings;
      accuracy: typeof accuracy;
      clock: typeof clock;
      games: typeof games;
      picker: typeof picker;
      settings: typeof settings;
      lobby: typeof lobby;
      web: typeof web;
    };
  }
}
