/** Keys checked by the compiler: the English catalogue (the source) is the type of every catalogue. */
import 'i18next';
import type failures from '../../locales/en/failures.json';
import type messages from '../../locales/en/messages.json';
import type openings from '../../locales/en/openings.json';
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
      openings: typeof openings;
    };
  }
}
