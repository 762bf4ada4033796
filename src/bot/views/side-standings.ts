/**
 * The side standings as /standings shows them: a member's ratings per side, and each variant's
 * side balance, as embed fields within Discord's limits.
 */
import { getVariant, isVariantId, type VariantKey } from '../../engine/index.ts';
import type { GameService } from '../../game/service.ts';
import type { MemberSideRatings, RatingView, SideBalance } from '../../game/side-standings.ts';
import type { Messages } from '../../i18n/index.ts';
import type { SideMessages } from '../../i18n/sides.ts';
import { LIMITS, listWithin } from '../discord/discord-limits.ts';
import { asText, variantNameText } from './present.ts';

/** A rating as the table prints it: `1623±80`, with `?` while provisional. */
export function ratingText(rating: RatingView): string {
  return `${rating.value}±${rating.deviation}${rating.provisional ? '?' : ''}`;
}

/** The names of the variants the server plays (its own included), and the id of one it removed. */
export async function variantNamer(
  service: GameService,
  guildId: string,
  m: Messages,
): Promise<(variant: VariantKey) => string> {
  const own = new Map(
    (await service.variants.list(guildId)).variants.map((variant) => [variant.id, variant]),
  );
  return (id) => {
    const found = isVariantId(id) ? getVariant(id) : own.get(id);
    return found ? variantNameText(m, found) : asText(id);
  };
}

/**
 * One embed field of lines, as many as fit and then how many more: one field, so that with the
 * record's description the embed stays within Discord's 6,000 characters.
 */
function field(m: Messages, name: string, lines: string[]): { name: string; value: string }[] {
  if (lines.length === 0) return [];
  const fitting = lines.map((line) => line.slice(0, LIMITS.fieldValue / 2));
  return [
    { name, value: listWithin(fitting, '\n', LIMITS.fieldValue, (count) => m.andMore({ number: count })) },
  ];
}

/** "Fetlar: 1662±290? overall · 1662±290? as attackers · no games as defenders", per variant. */
export function ratingsFields(
  m: Messages,
  s: SideMessages,
  ratings: MemberSideRatings[],
  nameOf: (variant: VariantKey) => string,
): { name: string; value: string }[] {
  const text = (rating: RatingView | null) => (rating ? ratingText(rating) : s.unrated);
  const lines = ratings.map((entry) =>
    s.ratingsLine({
      variant: nameOf(entry.variant),
      overall: text(entry.overall),
      attackers: text(entry.attackers),
      defenders: text(entry.defenders),
    }),
  );
  return field(m, s.ratingsTitle, lines);
}

/** "Fetlar: attackers won 5, defenders won 3, 1 drawn · median length 54 plies", per variant. */
export function balanceFields(
  m: Messages,
  s: SideMessages,
  balances: SideBalance[],
  nameOf: (variant: VariantKey) => string,
): { name: string; value: string }[] {
  const lines = balances.map((balance) =>
    s.balanceLine({
      variant: nameOf(balance.variant),
      attackers: balance.attackerWins,
      defenders: balance.defenderWins,
      draws: balance.draws,
      plies: balance.medianPlies,
    }),
  );
  return field(m, s.balanceTitle, lines);
}

/** The member record's field: their ratings as attackers and as defenders, per variant (or in one). */
export async function memberSideFields(
  service: GameService,
  {
    guildId,
    userId,
    variant,
    m,
    s,
  }: { guildId: string; userId: string; variant?: VariantKey; m: Messages; s: SideMessages },
): Promise<{ name: string; value: string }[]> {
  const ratings = await service.sides.memberRatings(guildId, userId, variant);
  return ratings.length > 0 ? ratingsFields(m, s, ratings, await variantNamer(service, guildId, m)) : [];
}

/** The table's field: the side balance of each variant played (or of one). */
export async function balanceFieldsOf(
  service: GameService,
  { guildId, variant, m, s }: { guildId: string; variant?: VariantKey; m: Messages; s: SideMessages },
): Promise<{ name: string; value: string }[]> {
  const balances = await service.sides.balances(guildId, variant);
  return balances.length > 0 ? balanceFields(m, s, balances, await variantNamer(service, guildId, m)) : [];
}
