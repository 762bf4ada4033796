/**
 * Members' settings in the store: one document per member (`{member:<user>}:settings`), changed
 * by compare-and-set, so that two changes at once from two processes both land, one after the
 * other. The digest's schedule entry lives in the member's own slot and changes in the same commit.
 * A server's settings (its default board) are one document of the guild's (`{<guild>}:settings`),
 * changed the same way.
 */
import { success } from '../core/outcome.ts';
import { commit, transaction } from '../core/transaction.ts';
import { isPrivatePool } from '../game/table.ts';
import type { BoardView } from '../render/view.ts';
import { type ScheduleChange, type Store, StoreUnavailableError } from '../store/index.ts';
import { memberGroup, SETTINGS_SCHEDULES, settingsKeys } from './keys.ts';
import {
  type Changed,
  type MemberSettings,
  nextDigestAt,
  type SettingsChange,
  settingsFrom,
  type WaitingGame,
  withChange,
} from './member-settings.ts';
import {
  boardSeenAt,
  DEFAULT_SERVER_SETTINGS,
  type ServerChanged,
  type ServerSettings,
  type ServerSettingsChange,
  serverBoard,
  serverSettingsFrom,
  withServerChange,
} from './server-settings.ts';

const RETRIES = 5;

type StoreRefusal = { ok: false; refusal: { code: 'store-unavailable' } | { code: 'busy' } };

export type SettingsOutcome = Changed | StoreRefusal;

export type ServerSettingsOutcome = ServerChanged | StoreRefusal;

/** Whether a table's guild is a server, with settings of its own (not a DM's pool). */
const isServer = (guildId: string) => guildId !== '' && !isPrivatePool(guildId);

export class MemberSettingsService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  /** The member's settings (the defaults when they have none). */
  async read(userId: string): Promise<MemberSettings> {
    const stored = await this.store.read<MemberSettings>(settingsKeys.member(userId));
    return settingsFrom(stored?.value);
  }

  /** A server's settings (the bot's defaults for a DM's pool, which has none). */
  async readServer(guildId: string): Promise<ServerSettings> {
    if (!isServer(guildId)) return DEFAULT_SERVER_SETTINGS;
    const stored = await this.store.read<ServerSettings>(settingsKeys.server(guildId));
    return serverSettingsFrom(stored?.value);
  }

  /**
   * The member's settings as they apply at a guild: their view completed by the server's default
   * board where they chose none (their pictures there follow it). Not to be stored.
   */
  async readAt(userId: string, guildId: string): Promise<MemberSettings> {
    const [member, server] = await Promise.all([this.read(userId), this.readServer(guildId)]);
    return { ...member, view: boardSeenAt(member, server.view) };
  }

  /** A public board's view at a guild: the member's to move as they see it there, or with none the server's default. */
  async viewAt(userId: string | null, guildId: string): Promise<BoardView> {
    if (userId === null) return serverBoard((await this.readServer(guildId)).view);
    return (await this.readAt(userId, guildId)).view;
  }

  /** Applies a server manager's change to the server's default board, or refuses it with the reason. */
  async changeServer(guildId: string, change: ServerSettingsChange): Promise<ServerSettingsOutcome> {
    const key = settingsKeys.server(guildId);
    let outcome: ServerChanged | null = null;
    try {
      const updated = await transaction(this.store, {
        tries: RETRIES,
        outage: 'throw',
        build: async () => {
          const read = await this.store.read<ServerSettings>(key);
          outcome = withServerChange(serverSettingsFrom(read?.value), change);
          if (!outcome.ok) return commit([], true);
          return commit([{ key, value: outcome.settings, expectRevision: read?.revision ?? 0 }], true);
        },
        exhausted: () => success(false),
      });
      if (!(updated.ok && updated.value)) return { ok: false, refusal: { code: 'busy' } };
    } catch (error) {
      if (error instanceof StoreUnavailableError)
        return { ok: false, refusal: { code: 'store-unavailable' } };
      throw error;
    }
    return outcome ?? { ok: false, refusal: { code: 'busy' } };
  }

  /** Applies a member's change, or refuses its first bad option with the reason. */
  async change(userId: string, change: SettingsChange): Promise<SettingsOutcome> {
    let outcome: Changed | null = null;
    try {
      const done = await this.update(userId, (current) => {
        outcome = withChange(current, change);
        if (!outcome.ok) return null;
        const next = outcome.settings;
        // The digest's entry follows the mode: kept while there are games for it, gone otherwise.
        const digest: ScheduleChange = {
          schedule: SETTINGS_SCHEDULES.turnDigests,
          group: memberGroup(userId),
          member: userId,
          at:
            next.alerts.mode === 'digest' && next.waiting.length > 0
              ? nextDigestAt(next.alerts, this.now())
              : null,
        };
        return { settings: next, schedules: [digest] };
      });
      if (!done) return { ok: false, refusal: { code: 'busy' } };
    } catch (error) {
      if (error instanceof StoreUnavailableError)
        return { ok: false, refusal: { code: 'store-unavailable' } };
      throw error;
    }
    return outcome ?? { ok: false, refusal: { code: 'busy' } };
  }

  /** Discord refused a direct message: no more until the member chooses alerts again. */
  async noteDmsClosed(userId: string): Promise<void> {
    await this.update(userId, (current) =>
      current.alerts.closedAt !== null
        ? null
        : {
            settings: { ...current, alerts: { ...current.alerts, closedAt: this.now() }, waiting: [] },
            schedules: [
              {
                schedule: SETTINGS_SCHEDULES.turnDigests,
                group: memberGroup(userId),
                member: userId,
                at: null,
              },
            ],
          },
    );
  }

  /** A game waits for a member in digest mode: noted for their next digest, whose entry is set if it had none. */
  async addWaiting(userId: string, game: WaitingGame): Promise<void> {
    await this.update(userId, (current) => {
      if (current.alerts.mode !== 'digest' || current.alerts.closedAt !== null) return null;
      if (current.waiting.some((known) => known.gameId === game.gameId && known.ply === game.ply))
        return null;
      const others = current.waiting.filter((known) => known.gameId !== game.gameId);
      return {
        settings: { ...current, waiting: [...others, game] },
        schedules:
          current.waiting.length > 0
            ? []
            : [
                {
                  schedule: SETTINGS_SCHEDULES.turnDigests,
                  group: memberGroup(userId),
                  member: userId,
                  at: nextDigestAt(current.alerts, this.now()),
                },
              ],
      };
    });
  }

  /** After a digest: the games still waiting are kept for the next day's, whose entry is set (or removed when none). */
  async digestSent(userId: string, stillWaiting: WaitingGame[]): Promise<void> {
    await this.update(userId, (current) => {
      const kept = current.waiting.filter((game) =>
        stillWaiting.some((still) => still.gameId === game.gameId && still.ply === game.ply),
      );
      const at =
        kept.length > 0 && current.alerts.mode === 'digest' ? nextDigestAt(current.alerts, this.now()) : null;
      return {
        settings: { ...current, waiting: kept },
        schedules: [
          { schedule: SETTINGS_SCHEDULES.turnDigests, group: memberGroup(userId), member: userId, at },
        ],
      };
    });
  }

  /** Compare-and-set on the member's document, read again after a lost race; false when it kept losing. */
  private async update(
    userId: string,
    change: (current: MemberSettings) => { settings: MemberSettings; schedules: ScheduleChange[] } | null,
  ): Promise<boolean> {
    const key = settingsKeys.member(userId);
    const updated = await transaction(this.store, {
      tries: RETRIES,
      outage: 'throw',
      build: async () => {
        const read = await this.store.read<MemberSettings>(key);
        const next = change(settingsFrom(read?.value));
        if (!next) return commit([], true);
        return commit(
          [{ key, value: next.settings, expectRevision: read?.revision ?? 0 }],
          true,
          next.schedules,
        );
      },
      exhausted: () => success(false),
    });
    return updated.ok && updated.value;
  }
}
