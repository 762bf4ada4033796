/**
 * Carries tournaments on between commands: records the results of their games as they end, and
 * opens each round once it is paired (standings posted, a public thread per game with both players
 * mentioned, the games started, the pairings announced). Both are schedules in the store (see
 * src/tournament/service.ts), claimed like the deadlines and the AI's turns: any bot process may
 * do any of it, each piece once, after a restart too. Every process looks after each command and
 * button it answers and on every sweep.
 */
import { type Client, DiscordAPIError, type SendableChannels, ThreadAutoArchiveDuration } from 'discord.js';
import type { Messages } from '../../i18n/index.ts';
import type { Logger } from '../../log.ts';
import type { Crosstable } from '../../render/crosstable.ts';
import type { TournamentEntry, Tournaments } from '../../tournament/service.ts';
import type { TournamentDoc } from '../../tournament/types.ts';
import { clipped, LIMITS } from '../discord/discord-limits.ts';
import { gameBoard } from '../views/announcements.ts';
import type { BoardPictures } from '../views/board-pictures.ts';
import { gameTitle, situation } from '../views/game-messages.ts';
import { messagesOfChannel, onlyMention, safeName } from '../views/present.ts';
import { roundMessages, signupMessage, standingsPost } from '../views/tournament-messages.ts';
import { BackgroundJob } from './background-job.ts';

export class TournamentDriver extends BackgroundJob {
  constructor(
    readonly tournaments: Tournaments,
    private readonly client: Client,
    private readonly pictures: BoardPictures,
    private readonly logger: Logger,
    /** Draws a crosstable's picture off the event loop. */
    private readonly drawCrosstable: (table: Crosstable) => Promise<Buffer>,
  ) {
    super();
  }

  async stop(): Promise<void> {
    await this.idle();
  }

  protected failed(error: unknown): void {
    this.logger.warn('could not carry tournaments on', { error });
  }

  protected async run(): Promise<void> {
    for (const { guildId, entry } of await this.tournaments.results.claimResults()) {
      const { changed, undecided } = await this.tournaments.results.recordResult(guildId, entry);
      if (changed?.progress.opened || changed?.progress.finished) this.runAgain();
      if (undecided) await this.tellUndecided(undecided.doc, undecided.threadId);
    }
    for (const entry of await this.tournaments.rounds.claimOpenings()) {
      try {
        await this.open(entry);
      } catch (error) {
        // The entry comes back when its lease ends, to this process or another.
        this.logger.warn('could not open a tournament round', {
          guild: entry.guildId,
          entry: entry.entry,
          error,
        });
      }
    }
  }

  /** A game ended without a result by a moderator: the tournament's channel hears that its organiser decides. */
  private async tellUndecided(doc: TournamentDoc, threadId: string): Promise<void> {
    const channel = await this.channel(doc).catch(() => null);
    if (!channel) return;
    await channel
      .send({
        content: messagesOfChannel(channel).tournament.aborted({ threadId }),
        allowedMentions: onlyMention(),
      })
      .catch((error: unknown) => this.logger.warn('could not tell of an aborted tournament game', { error }));
  }

  /**
   * Brings the sign-up message up to date: its list and, while open, its buttons; once closed
   * (started, cancelled, over) only with a note saying so.
   */
  async refreshSignup(doc: TournamentDoc, m: Messages, note?: string): Promise<void> {
    if (!doc.signupMessageId || (doc.status !== 'signup' && !note)) return;
    try {
      const channel = await this.channel(doc);
      if (channel && 'messages' in channel)
        await channel.messages.edit(doc.signupMessageId, signupMessage(m, doc, note));
    } catch {
      // The message is gone or closed to the bot: the tournament goes on without it.
    }
  }

  /** A claimed opening: the standings so far, then the round's threads and games, then its announcement. */
  private async open({ guildId, entry }: TournamentEntry): Promise<void> {
    const [id, what] = entry.split('|');
    const doc = id ? await this.tournaments.changes.get(guildId, id) : null;
    if (!doc || doc.status === 'cancelled') {
      await this.tournaments.rounds.openingDone(guildId, entry);
      return;
    }
    const channel = await this.channel(doc);
    if (!channel) {
      await this.tournaments.rounds.openingDone(guildId, entry);
      return;
    }
    const m = messagesOfChannel(channel);
    if (what === 'final') {
      if (!doc.finalPosted) {
        await channel.send(await standingsPost(m, doc, 'final', this.drawCrosstable));
        await this.refreshSignup(doc, m, m.tournament.signupFinished);
      }
      await this.tournaments.rounds.finalPosted(guildId, doc.id, entry);
      return;
    }
    const number = Number(what);
    const round = doc.played[number - 1];
    if (!round) {
      await this.tournaments.rounds.openingDone(guildId, entry);
      return;
    }
    const before = doc.played.slice(0, number - 1);
    const last = before.at(-1);
    if (last && !last.standingsPosted) {
      await channel.send(
        await standingsPost(m, { ...doc, played: before }, { after: last.number }, this.drawCrosstable),
      );
      await this.tournaments.rounds.standingsPosted(guildId, doc.id, last.number);
    }
    for (const [index, pairing] of round.pairings.entries()) {
      if (pairing.result || pairing.defenders === null || pairing.gameId) continue;
      await this.openGame(m, channel, doc, { round: number, index });
    }
    const opened = await this.tournaments.changes.get(guildId, doc.id);
    const now = opened?.played[number - 1];
    if (opened && now && !now.announced)
      for (const post of roundMessages(m, opened, now)) await channel.send(post);
    await this.tournaments.rounds.roundOpened(guildId, doc.id, number, entry);
  }

  /** One game: its thread (noted before anything is played in it), its start, and its first board. */
  private async openGame(
    m: Messages,
    channel: SendableChannels,
    doc: TournamentDoc,
    place: { round: number; index: number },
  ): Promise<void> {
    const pairing = doc.played[place.round - 1].pairings[place.index];
    const name = (playerId: string | null) =>
      doc.players.find((player) => player.id === playerId)?.name ?? '?';
    let threadId = pairing.threadId;
    if (!threadId) {
      if (!('threads' in channel)) throw new Error('the tournament channel cannot have threads');
      const thread = await channel.threads.create({
        name: clipped(
          m.tournament.threadName({
            number: place.round,
            attackers: name(pairing.attackers),
            defenders: name(pairing.defenders),
          }),
          LIMITS.threadName,
        ),
        // A public thread (an announcement thread in an announcement channel), as discord.js picks.
        autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
      });
      const kept = await this.tournaments.rounds.recordThread(doc.guildId, doc.id, place, thread.id);
      if (!kept.ok) throw new Error(`could not note a thread: ${kept.code}`);
      // Another process opened one first: that one stays.
      if (kept.value !== thread.id) await thread.delete().catch(() => {});
      threadId = kept.value;
    }
    const started = await this.tournaments.rounds.startPairingGame(doc.guildId, doc.id, place);
    if (!started.ok) throw new Error(`could not start a tournament game: ${started.code}`);
    const active = started.value;
    const thread = await this.client.channels.fetch(threadId);
    if (!thread?.isSendable()) return;
    const { attackers, defenders } = active.players;
    const opening = `${m.tournament.gameOpening({
      name: safeName(doc.name),
      number: place.round,
      attackersId: attackers.id,
      defendersId: defenders.id,
    })}\n${gameTitle(m, active)}. ${situation(m, active, false)}`;
    await thread.send({
      ...(await gameBoard(m, opening, active, this.pictures)),
      allowedMentions: onlyMention(attackers.id, defenders.id),
    });
  }

  /** The tournament's channel, or null when it is gone or closed to the bot. */
  private async channel(doc: TournamentDoc): Promise<SendableChannels | null> {
    try {
      const channel = await this.client.channels.fetch(doc.channelId);
      return channel?.isSendable() ? channel : null;
    } catch (error) {
      if (error instanceof DiscordAPIError && [403, 404].includes(error.status)) return null;
      throw error;
    }
  }
}
