/**
 * A guild's games in progress and its open challenges, for /games. The store lists a family's ids
 * (`{<guild>}:game:<channel>` gives each channel, `{<guild>}:pending:<channel>:<challenger>` each
 * pending challenge's marker: see keys.ts) with `idsInGuild`; the documents are then read a page
 * at a time, at most `MAX_LISTED` of a kind, so that one command never reads without bound. What
 * is past the bound is counted, not read.
 */
import { sideOf } from '../core/players.ts';
import type { Store } from '../store/index.ts';
import { keys } from './keys.ts';
import type { ActiveGame, Challenge, StoredGame } from './types.ts';

/** The most games (or challenges) one listing reads. */
export const MAX_LISTED = 300;
/** Documents read at once. */
const READ_PAGE = 25;

/** What a listing found: the items read, and how many it left unread past its bound. */
export interface Listed<T> {
  items: T[];
  unread: number;
}

/** Marks a member's pending challenge in a channel (as challenges.ts writes it). */
interface PendingMarker {
  challengeId: string;
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class GameListing {
  constructor(
    private readonly store: Store,
    private readonly activate: (stored: StoredGame, revision: number) => ActiveGame,
    private readonly now: () => number,
  ) {}

  /** The guild's games in progress, in no particular order (see `inListOrder`). */
  async games(guildId: string): Promise<Listed<ActiveGame>> {
    const { items, unread } = await this.storedGames(guildId);
    const games: ActiveGame[] = [];
    for (const read of items) {
      const active = this.loaded(read.value, read.revision);
      // A game stored although over ends when its table is next looked at (GameChanges.settle).
      if (active && !active.game.isGameOver()) games.push(active);
    }
    return { items: games, unread };
  }

  /** The guild's games in progress as stored, with their revisions (for a change to many at once). */
  async storedGames(guildId: string): Promise<Listed<{ value: StoredGame; revision: number }>> {
    const { ids, unread } = bounded(await this.store.idsInGuild(guildId, 'game'));
    const items = await this.readAll<StoredGame>(ids.map((channelId) => keys.game(guildId, channelId)));
    return { items, unread };
  }

  /** The guild's challenges waiting for an answer, the soonest to expire first. */
  async challenges(guildId: string): Promise<Listed<Challenge>> {
    const { ids, unread } = bounded(await this.store.idsInGuild(guildId, 'pending'));
    const markers = await this.readAll<PendingMarker>(
      ids.flatMap((id) => {
        // `<channel>:<challenger>`: two snowflakes.
        const [channelId, challengerId] = id.split(':');
        return challengerId ? [keys.pendingChallenge(guildId, channelId, challengerId)] : [];
      }),
    );
    const now = this.now();
    const challenges = (
      await this.readAll<Challenge>(
        markers.map((marker) => keys.challenge(guildId, marker.value.challengeId)),
      )
    )
      .map((read) => read.value)
      .filter((challenge) => challenge.status === 'pending' && now < challenge.expiresAt);
    return { items: challenges.sort((a, b) => a.expiresAt - b.expiresAt), unread };
  }

  /** The documents at `keys` that exist, read `READ_PAGE` at a time. */
  private async readAll<T>(documentKeys: string[]): Promise<{ value: T; revision: number }[]> {
    const found: { value: T; revision: number }[] = [];
    for (let at = 0; at < documentKeys.length; at += READ_PAGE) {
      const page = await Promise.all(
        documentKeys.slice(at, at + READ_PAGE).map((key) => this.store.read<T>(key)),
      );
      for (const read of page) if (read) found.push(read);
    }
    return found;
  }

  /** A stored game loaded, or null when its record cannot be (it is left out, not the whole list). */
  private loaded(stored: StoredGame, revision: number): ActiveGame | null {
    try {
      return this.activate(stored, revision);
    } catch {
      return null;
    }
  }
}

/** At most `MAX_LISTED` ids, always the same ones for the same ids. */
function bounded(ids: string[]): { ids: string[]; unread: number } {
  const sorted = [...ids].sort(byCodeUnit);
  return { ids: sorted.slice(0, MAX_LISTED), unread: Math.max(0, sorted.length - MAX_LISTED) };
}

/** When the side to move runs out of time; never for a game without a clock. */
const deadlineOf = (active: ActiveGame) => active.clock?.deadline ?? Number.POSITIVE_INFINITY;

/**
 * Games in the order /games lists them: the least time left first (games without a clock after
 * them), then the oldest first. For a member, only their games, those where it is their turn first.
 */
export function inListOrder(games: ActiveGame[], memberId?: string): ActiveGame[] {
  const theirTurn = (active: ActiveGame) => (active.players[active.game.turn].id === memberId ? 0 : 1);
  return games
    .filter((active) => memberId === undefined || sideOf(active.players, memberId) !== null)
    .sort(
      (a, b) =>
        (memberId === undefined ? 0 : theirTurn(a) - theirTurn(b)) ||
        compareDeadlines(deadlineOf(a), deadlineOf(b)) ||
        a.startedAt - b.startedAt ||
        byCodeUnit(a.channelId, b.channelId),
    );
}

const compareDeadlines = (a: number, b: number) => (a === b ? 0 : a < b ? -1 : 1);

/** A member's challenges: those they made (open ones too) and those made to them. */
export function challengesOf(challenges: Challenge[], memberId: string): Challenge[] {
  return challenges.filter(
    (challenge) => challenge.challenger.id === memberId || challenge.opponent?.id === memberId,
  );
}
