/** What a file in `commands/` exports, and what every handler is given. */
import type {
  AutocompleteInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
  StringSelectMenuInteraction,
} from 'discord.js';
import type { GameService } from '../../game/service.ts';
import type { Logger } from '../../log.ts';
import type { OpeningsBackfill } from '../../openings/backfill.ts';
import type { OpeningExplorer } from '../../openings/explorer.ts';
import type { MemberSettingsService } from '../../settings/service.ts';
import type { LinkSigner } from '../../web/links.ts';
import type { CustomIdKind } from '../custom-ids.ts';
import type { AiDriver } from '../jobs/ai-driver.ts';
import type { AnalysisRuns } from '../jobs/analysis-runs.ts';
import type { ChallengeExpiry } from '../jobs/challenge-expiry.ts';
import type { DrawingThread } from '../jobs/drawing-thread.ts';
import type { PracticeRuns } from '../jobs/practice-runs.ts';
import type { PuzzleDesk } from '../jobs/puzzle-desk.ts';
import type { TournamentDriver } from '../jobs/tournament-driver.ts';
import type { TurnAlertDriver } from '../jobs/turn-alert-driver.ts';
import type { BoardPictures } from '../views/board-pictures.ts';
import type { ReviewPlots } from '../views/review-plots.ts';
import type { PostToTable, Reach } from './reach.ts';

export interface BotContext {
  /** The game module: its challenges, lifecycle, play, records, listing (src/game/service.ts). */
  service: GameService;
  /** The clock every module runs on (src/app.ts). */
  now: () => number;
  /** What the server's finished games played in their openings, and the backfill of older ones. */
  openings: OpeningExplorer;
  openingsBackfill: OpeningsBackfill;
  pictures: BoardPictures;
  logger: Logger;
  /** Plays the AI's turns; nudge it after a move. */
  ai: AiDriver;
  /** Closes expired challenges' messages; wake it at a new challenge's expiry. */
  expiry: ChallengeExpiry;
  /** Reviews finished games for /analyze, off the event loop. */
  analyses: AnalysisRuns;
  /** Draws /replay's GIFs, crosstables and /analyze's plots in a thread of its own (started by the first). */
  drawings: DrawingThread;
  /** /analyze's plots: drawn once in the drawing thread, kept a while. */
  plots: ReviewPlots;
  /** Records tournament games' results and opens rounds; nudge it after a tournament changes. */
  tournaments: TournamentDriver;
  /** Puzzles (members' attempts, the daily puzzle) and the daily post, swept with the rest. */
  puzzles: PuzzleDesk;
  /** Judges answers to members' own puzzles with the AI, off the event loop. */
  practice: PracticeRuns;
  /** Signs the web board's personal links; absent while the web board is off. */
  webLinks?: LinkSigner;
  /** The web board runs as a Discord Activity too: its button launches it in the channel. */
  activity?: boolean;
  /** Members' settings (/settings): how they see the board, their language, defaults and turn alerts. */
  settings: MemberSettingsService;
  /** Sends turn alerts and digests by direct message; nudge it after a turn passes. */
  alerts: TurnAlertDriver;
  /**
   * Posts at a table (a game's channel told of a change made elsewhere): in the channel, or where
   * the bot is not installed through the last interaction's token, else to the players by DM (reach.ts).
   */
  post: PostToTable;
  /** Keeps the tokens of interactions where the bot is not installed, for `post`. */
  reach: Reach;
}

export interface Command {
  data: { name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  /**
   * The command is a server's own (its tournaments, daily puzzles, opening tree, variants,
   * vacations, moderation): where the bot is not installed (a DM, a group DM, a server without the
   * bot, through a member's own install) it is refused with the reason. Every other command works
   * everywhere. Every command is registered for both installs and every context (register.ts).
   */
  needsServer?: boolean;
  execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void>;
  autocomplete?(interaction: AutocompleteInteraction, context: BotContext): Promise<void>;
  /**
   * The kinds of custom id (custom-ids.ts) whose buttons and menus this command answers: every
   * button or menu of their routes is sent to `button` or `select`, whatever its shape.
   */
  customIds?: readonly CustomIdKind[];
  button?(interaction: ButtonInteraction, context: BotContext): Promise<void>;
  select?(interaction: StringSelectMenuInteraction, context: BotContext): Promise<void>;
}
