/** What a file in `commands/` exports, and what every handler is given. */
import type {
  AutocompleteInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
  StringSelectMenuInteraction,
} from 'discord.js';
import type { GameService } from '../game/service.ts';
import type { Logger } from '../log.ts';
import type { ReplayBuilder } from '../replay/builder.ts';
import type { MemberSettingsService } from '../settings/service.ts';
import type { LinkSigner } from '../web/links.ts';
import type { AiDriver } from './ai-driver.ts';
import type { AnalysisRuns } from './analysis-runs.ts';
import type { ChallengeExpiry } from './challenge-expiry.ts';
import type { BoardPictures } from './pictures.ts';
import type { PracticeRuns } from './practice-runs.ts';
import type { PuzzleDesk } from './puzzle-daily.ts';
import type { ReviewPlots } from './review-plots.ts';
import type { TournamentDriver } from './tournament-driver.ts';
import type { TurnAlertDriver } from './turn-alerts.ts';

export interface BotContext {
  service: GameService;
  pictures: BoardPictures;
  logger: Logger;
  /** Plays the AI's turns; nudge it after a move. */
  ai: AiDriver;
  /** Closes expired challenges' messages; wake it at a new challenge's expiry. */
  expiry: ChallengeExpiry;
  /** Reviews finished games for /analyze, off the event loop. */
  analyses: AnalysisRuns;
  /** Builds /replay's GIFs in a worker thread of its own (started by the first replay). */
  replays: ReplayBuilder;
  /** /analyze's plots: drawn once in the replays' thread, kept a while. */
  plots: ReviewPlots;
  /** Records tournament games' results and opens rounds; nudge it after a tournament changes. */
  tournaments: TournamentDriver;
  /** Puzzles (members' attempts, the daily puzzle) and the daily post, swept with the rest. */
  puzzles: PuzzleDesk;
  /** Judges answers to members' own puzzles with the AI, off the event loop. */
  practice: PracticeRuns;
  /** Signs the web board's personal links; absent while the web board is off. */
  webLinks?: LinkSigner;
  /** Members' settings (/settings): how they see the board, their language, defaults and turn alerts. */
  settings: MemberSettingsService;
  /** Sends turn alerts and digests by direct message; nudge it after a turn passes. */
  alerts: TurnAlertDriver;
}

export interface Command {
  data: { name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void>;
  autocomplete?(interaction: AutocompleteInteraction, context: BotContext): Promise<void>;
  /** Buttons and menus whose custom id starts with `<buttonPrefix>:` are routed to `button` and `select`. */
  buttonPrefix?: string;
  button?(interaction: ButtonInteraction, context: BotContext): Promise<void>;
  select?(interaction: StringSelectMenuInteraction, context: BotContext): Promise<void>;
}
