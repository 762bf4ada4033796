/**
 * Reading the side standings (side-standings.ts): the table ranked by one side's rating, a
 * member's ratings per side, and each variant's side balance. All come from the guild's standings
 * document, one read each: nothing is summed from the archive.
 */
import type { Side, VariantKey } from '../engine/index.ts';
import type { Store } from '../store/index.ts';
import { keys } from './keys.ts';
import {
  type MemberSideRatings,
  memberSideRatings,
  type SideBalance,
  sideBalances,
} from './side-standings.ts';
import { type SideStandingRow, sideTable } from './side-table.ts';
import type { StandingsDoc } from './standings.ts';

export class SideRecords {
  constructor(private readonly store: Store) {}

  /** The variant's table ranked by the rating on one side. */
  async table(guildId: string, variant: VariantKey, side: Side): Promise<SideStandingRow[]> {
    const doc = await this.standings(guildId);
    return doc ? sideTable(doc, variant, side) : [];
  }

  /** A member's ratings as attackers and as defenders, per variant they played (or in one). */
  async memberRatings(guildId: string, userId: string, variant?: VariantKey): Promise<MemberSideRatings[]> {
    const doc = await this.standings(guildId);
    return doc ? memberSideRatings(doc, userId, variant) : [];
  }

  /** Each variant's wins per side, draws and median length in plies (or one variant's). */
  async balances(guildId: string, variant?: VariantKey): Promise<SideBalance[]> {
    const doc = await this.standings(guildId);
    return doc ? sideBalances(doc, variant) : [];
  }

  private async standings(guildId: string): Promise<StandingsDoc | null> {
    return (await this.store.read<StandingsDoc>(keys.standings(guildId)))?.value ?? null;
  }
}
