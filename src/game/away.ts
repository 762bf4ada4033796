/** Which of a guild's members are away on vacation, as their vacations are stored (vacations.ts writes them). */
import type { Store } from '../store/index.ts';
import { keys } from './keys.ts';
import type { VacationDoc } from './types.ts';

/** The members among `memberIds` who are away in the guild, with when each went. */
export async function awayAmong(
  store: Store,
  guildId: string,
  memberIds: readonly string[],
): Promise<Map<string, number>> {
  const reads = await Promise.all(memberIds.map((id) => store.read<VacationDoc>(keys.vacation(guildId, id))));
  const away = new Map<string, number>();
  memberIds.forEach((id, index) => {
    const since = reads[index]?.value.since;
    if (since != null) away.set(id, since);
  });
  return away;
}
