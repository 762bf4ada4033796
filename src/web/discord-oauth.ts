/**
 * The Activity's sign-in on the server: the code the Embedded App SDK's `authorize` gave the page is
 * exchanged at Discord's /oauth2/token (with the client secret, which never leaves the server), and
 * the member is identified with the token: who they are (/users/@me, scope identify) and that they
 * are a member of the server the Activity says it runs in (/users/@me/guilds/:guild/member, scope
 * guilds.members.read), with their name there. The page (web/activity.ts) asks for both scopes.
 * The token and the secret are never logged, and nothing of Discord's answers but its status is kept.
 */
import type { ActivitySetup } from '../config.ts';

export interface ActivityMember {
  memberId: string;
  /** As the board shows it: their nickname in the server, else their display name, else username. */
  name: string;
  /** Their Discord client's language, for the board's. */
  locale: string;
}

export type SignIn =
  | { ok: true; accessToken: string; member: ActivityMember }
  | { ok: false; reason: 'code-refused' | 'not-a-member' | 'discord-unavailable' };

interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  locale?: string;
}

export class DiscordOAuth {
  constructor(
    private readonly setup: ActivitySetup,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** Exchanges `code` and identifies its member in `guildId`; a code is good once, so this is too. */
  async signIn(code: string, guildId: string): Promise<SignIn> {
    const exchanged = await this.call('/oauth2/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: this.setup.clientId,
        client_secret: this.setup.clientSecret,
        grant_type: 'authorization_code',
        code,
      }).toString(),
    });
    if (exchanged.status === 400 || exchanged.status === 401) return { ok: false, reason: 'code-refused' };
    const accessToken = (exchanged.body as { access_token?: unknown } | null)?.access_token;
    if (exchanged.status !== 200 || typeof accessToken !== 'string')
      return { ok: false, reason: 'discord-unavailable' };

    const bearer = { headers: { Authorization: `Bearer ${accessToken}` } };
    const [me, membership] = await Promise.all([
      this.call('/users/@me', bearer),
      this.call(`/users/@me/guilds/${guildId}/member`, bearer),
    ]);
    if (me.status !== 200 || !isUser(me.body)) return { ok: false, reason: 'discord-unavailable' };
    // The token's member is not in that server (404), or the token lacks the scope to say so (401, 403).
    if ([401, 403, 404].includes(membership.status)) return { ok: false, reason: 'not-a-member' };
    if (membership.status !== 200) return { ok: false, reason: 'discord-unavailable' };
    const nick = (membership.body as { nick?: unknown } | null)?.nick;
    const user = me.body;
    return {
      ok: true,
      accessToken,
      member: {
        memberId: user.id,
        name: (typeof nick === 'string' && nick) || user.global_name || user.username,
        locale: user.locale ?? 'en-US',
      },
    };
  }

  /** One call to Discord's API (v10): its status and JSON body; a network failure is status 0. */
  private async call(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    try {
      const response = await this.fetchImpl(`${this.setup.apiUrl}/v10${path}`, {
        ...init,
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    } catch {
      return { status: 0, body: null };
    }
  }
}

function isUser(body: unknown): body is DiscordUser {
  const user = body as Partial<DiscordUser> | null;
  return typeof user?.id === 'string' && typeof user.username === 'string';
}
