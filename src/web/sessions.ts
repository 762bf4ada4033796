/**
 * Web sessions: made when a member opens their link, kept in the store (so every bot process
 * knows them) for thirty days, ended by the member. The cookie carries only a random id; the
 * session says who the member is and which server's games they may watch.
 */
import { randomBytes } from 'node:crypto';
import { inGuild } from '../store/hash-tags.ts';
import type { Store } from '../store/index.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
export const SESSION_COOKIE = 'tafl_session';

export interface Session {
  memberId: string;
  name: string;
  guildId: string;
  /** The member's Discord locale when they asked for the link: the board's language. */
  locale: string;
}

const sessionKey = (guildId: string, id: string) => inGuild(guildId, `web-session:${id}`);

/** The cookie's value: the guild (the store keeps a guild's keys together) and the random id. */
const COOKIE_VALUE = /^(\d{1,20})\.([A-Za-z0-9_-]{32})$/;

export class Sessions {
  constructor(private readonly store: Store) {}

  /** A new session; returns the cookie's value. */
  async open(session: Session): Promise<string> {
    const id = randomBytes(24).toString('base64url');
    const key = sessionKey(session.guildId, id);
    const committed = await this.store.commit([
      { key, value: session, expectRevision: 0, ttlMs: SESSION_TTL_MS },
    ]);
    if (!committed.ok) throw new Error('a new session id was taken');
    return `${session.guildId}.${id}`;
  }

  async find(cookie: string | undefined): Promise<Session | null> {
    const match = cookie ? COOKIE_VALUE.exec(cookie) : null;
    if (!match) return null;
    const read = await this.store.read<Session>(sessionKey(match[1], match[2]));
    return read?.value ?? null;
  }

  /** Ends a session: its cookie opens nothing any more. */
  async end(cookie: string | undefined): Promise<void> {
    const match = cookie ? COOKIE_VALUE.exec(cookie) : null;
    if (!match) return;
    const key = sessionKey(match[1], match[2]);
    const read = await this.store.read<Session>(key);
    if (read) await this.store.commit([{ key, value: null, expectRevision: read.revision }]);
  }
}
