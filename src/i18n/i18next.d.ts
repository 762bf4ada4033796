/** Keys checked by the compiler: the English catalogue (the source) is the type of every catalogue. */
import 'i18next';
import type accuracy from '../../locales/en/accuracy.json';
import type failures from '../../locales/en/failures.json';
import type messages from '../../locales/en/messages.json';
import type puzzles from '../../locales/en/puzzles.json';
import type tournament from '../../locales/en/tournament.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'messages';
    resources: {
      messages: typeof messages;
      failures: typeof failures;
      tournament: typeof tournament;
      puzzles: typeof puzzles;
      accuracy: typeof accuracy;
    };
  }
}
