/**
 * Turn alerts in the store: each human turn's entry (written with the move that began it) is
 * claimed by one process, which finds out what the member asked for: nothing (the entry goes), a
 * direct message now, later (quiet hours: the entry moves to their end), or a line in the digest.
 */
import type { Side } from '../engine/index.ts';
import { readEntry, SCHEDULES } from '../game/clock.ts';
import type { ActiveGame, Table } from '../game/service.ts';
import type { Store } from '../store/index.ts';
import { SETTINGS_SCHEDULES } from './keys.ts';
import { inQuietHours, type MemberSettings, quietEnds, type WaitingGame } from './member-settings.ts';
import type { MemberSettingsService } from './service.ts';

/** How long a claimed alert is this process's: a process that dies with it leaves it to another after this. */
export const ALERT_LEASE_MS = 60_000;

export type AlertDecision =
  | { kind: 'send'; active: ActiveGame; userId: string; settings: MemberSettings; done: () => Promise<void> }
  | { kind: 'digest'; active: ActiveGame; userId: string; game: WaitingGame; done: () => Promise<void> };

export class TurnAlerts {
  constructor(
    private readonly store: Store,
    private readonly settings: MemberSettingsService,
    private readonly board: (table: Table) => Promise<ActiveGame | null>,
    private readonly now: () => number,
  ) {}

  /** The due alerts this process is to deal with; entries that need nothing are settled here. */
  async claim(limit = 20): Promise<AlertDecision[]> {
    const now = this.now();
    const schedule = SCHEDULES.turnAlerts;
    const claimed = await this.store.claimDue(schedule, now, ALERT_LEASE_MS, limit);
    const decisions: AlertDecision[] = [];
    for (const { group, member } of claimed) {
      const settle = (at: number | null) =>
        this.store.commit([], [{ schedule, group, member, at }]).then(() => {});
      const entry = readEntry(member);
      const active = entry ? await this.board({ guildId: group, channelId: entry.channelId }) : null;
      const turn: Side | undefined = active?.game.turn;
      if (
        !entry ||
        !active ||
        !turn ||
        active.id !== entry.gameId ||
        active.game.plyCount !== entry.ply ||
        active.game.result ||
        active.ai?.side === turn
      ) {
        await settle(null);
        continue;
      }
      const userId = active.players[turn].id;
      // The alert's picture is of the server's game: the member's board as they see it there.
      const settings = await this.settings.readAt(userId, group);
      const { alerts } = settings;
      if (alerts.mode === 'off' || alerts.closedAt !== null) await settle(null);
      else if (alerts.mode === 'digest') {
        const game = { guildId: group, channelId: entry.channelId, gameId: entry.gameId, ply: entry.ply };
        decisions.push({ kind: 'digest', active, userId, game, done: () => settle(null) });
      } else if (inQuietHours(alerts, now)) await settle(quietEnds(alerts, now));
      else decisions.push({ kind: 'send', active, userId, settings, done: () => settle(null) });
    }
    return decisions;
  }

  /** Due digests: each member's, with the games still waiting for them (those that moved on are dropped). */
  async claimDigests(limit = 20): Promise<
    {
      userId: string;
      settings: MemberSettings;
      games: ActiveGame[];
      done: (still: WaitingGame[]) => Promise<void>;
    }[]
  > {
    const now = this.now();
    const claimed = await this.store.claimDue(SETTINGS_SCHEDULES.turnDigests, now, ALERT_LEASE_MS, limit);
    const digests = [];
    for (const { member: userId } of claimed) {
      const settings = await this.settings.read(userId);
      const games: ActiveGame[] = [];
      const still: WaitingGame[] = [];
      if (settings.alerts.mode === 'digest' && settings.alerts.closedAt === null) {
        for (const waiting of settings.waiting) {
          const active = await this.board({ guildId: waiting.guildId, channelId: waiting.channelId });
          if (
            active &&
            active.id === waiting.gameId &&
            !active.game.result &&
            active.players[active.game.turn].id === userId
          ) {
            games.push(active);
            still.push({ ...waiting, ply: waiting.ply });
          }
        }
      }
      if (games.length > 0 && inQuietHours(settings.alerts, now)) continue; // falls due again when the lease ends
      digests.push({
        userId,
        settings,
        games,
        done: (kept: WaitingGame[]) => this.settings.digestSent(userId, kept),
      });
    }
    return digests;
  }
}
