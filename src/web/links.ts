/**
 * The personal links the bot hands a member: `PUBLIC_URL/open?token=...`, an HMAC-SHA256 over who
 * (member id and name), where (guild and channel) and until when. Good for ten minutes, for
 * opening once into a session (sessions.ts); a forged, altered or expired token opens nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a link may be opened after it was made. */
export const LINK_TTL_MS = 10 * 60_000;

export interface LinkClaim {
  memberId: string;
  /** The name the board shows for the member (their display name when the link was made). */
  name: string;
  guildId: string;
  channelId: string;
  /** The member's Discord locale, for the board's language. */
  locale: string;
  /** A finished game to study, instead of the channel's board. */
  gameId?: string;
  /** Epoch ms after which the link no longer opens. */
  expires: number;
}

export type LinkReading = { ok: true; claim: LinkClaim } | { ok: false; reason: 'forged' | 'expired' };

export class LinkSigner {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  /** The address a member opens: the claim and its signature, both base64url. */
  link(claim: Omit<LinkClaim, 'expires'>, now: number): string {
    const body = Buffer.from(JSON.stringify({ ...claim, expires: now + LINK_TTL_MS })).toString('base64url');
    return `${this.publicUrl}/open?token=${body}.${this.signature(body)}`;
  }

  read(token: string, now: number): LinkReading {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return { ok: false, reason: 'forged' };
    const expected = Buffer.from(this.signature(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return { ok: false, reason: 'forged' };
    const claim = parseClaim(Buffer.from(body, 'base64url').toString('utf8'));
    if (!claim) return { ok: false, reason: 'forged' };
    if (claim.expires < now) return { ok: false, reason: 'expired' };
    return { ok: true, claim };
  }

  private signature(body: string): string {
    return createHmac('sha256', this.secret).update(`tafl-web-link:${body}`).digest('base64url');
  }
}

function parseClaim(text: string): LinkClaim | null {
  try {
    const value = JSON.parse(text) as Partial<LinkClaim>;
    const strings = [value.memberId, value.name, value.guildId, value.channelId, value.locale];
    if (strings.some((field) => typeof field !== 'string') || typeof value.expires !== 'number') return null;
    return value as LinkClaim;
  } catch {
    return null;
  }
}
