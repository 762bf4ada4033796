/**
 * Web sessions: made when a member opens their link (or signs in to the Activity), kept in the
 * store (so every bot process knows them) for thirty days (an Activity's for one), ended by the
 * member. The token (a cookie's value, or the Activity's bearer token) carries only a random id;
 * the session says who the member is and which server's games they may watch.
 */
import { randomBytes } from 'node:crypto';
import { inGuild } from '../store/hash-tags.ts';
import type { Store } from '../store/index.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
/**
 * An Activity's session lives in the page's memory only (no cookie: see activity-routes.ts), so it is
 * gone when the Activity closes; its key in the store goes a day later. The page signs in again
 * (silently, the member having authorized once) when its session has run out.
 */
export const ACTIVITY_SESSION_TTL_MS = 24 * 60 * 60_000;
export const SESSION_COOKIE = 'tafl_session';

export interface Session {
  memberId: string;
  name: string;
  guildId: string;
  /** The member's Discord locale when they asked for the link: the board's language. */
  locale: string;
}

const sessionKey = (guildId: string, id: string) => inGuild(guildId, `web-session:${id}`);

/** A token: the guild, or a DM's pool (the store keeps a pool's keys together), and the random id. */
const TOKEN = /^(\d{1,20}|dm-\d{1,20})\.([A-Za-z0-9_-]{32})$/;

export class Sessions {
  constructor(private readonly store: Store) {}

  /** A new session; returns its token: the cookie's value, or the Activity's bearer token. */
  async open(session: Session, ttlMs = SESSION_TTL_MS): Promise<string> {
    const id = randomBytes(24).toString('base64url');
    const key = sessionKey(session.guildId, id);
    const committed = await this.store.commit([{ key, value: session, expectRevision: 0, ttlMs }]);
    if (!committed.ok) throw new Error('a new session id was taken');
    return `${session.guildId}.${id}`;
  }

  async find(token: string | undefined): Promise<Session | null> {
    const match = token ? TOKEN.exec(token) : null;
    if (!match) return null;
    const read = await this.store.read<Session>(sessionKey(match[1], match[2]));
    return read?.value ?? null;
  }

  /** Ends a session: its token opens nothing any more. */
  async end(token: string | undefined): Promise<void> {
    const match = token ? TOKEN.exec(token) : null;
    if (!match) return;
    const key = sessionKey(match[1], match[2]);
    const read = await this.store.read<Session>(key);
    if (read) await this.store.commit([{ key, value: null, expectRevision: read.revision }]);
  }
}
