/**
 * Discord's OAuth2 for an Activity: the code a member's client gets when they accept the authorize
 * dialog (issued here by a test, for a user), exchanged once at POST /oauth2/token by the app's
 * server with its client id and secret, for a Bearer token that GET /users/@me and
 * /users/@me/guilds/:guild/member answer. It refuses what Discord refuses: a wrong client or
 * secret (401 invalid_client), a code unknown, used or expired (400 invalid_grant), a bad token (401).
 */
import type { RouteResult } from './interactions.ts';
import { secret } from './snowflake.ts';
import type { DiscordState, EmulatedUser } from './state.ts';

/** How long a code may be exchanged after it was issued (Discord's are short-lived too). */
export const CODE_TTL_MS = 10 * 60_000;
/** How long an access token lasts: Discord's expires_in, a week. */
export const TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;

interface Grant {
  userId: string;
  scopes: string[];
  expires: number;
}

export interface OAuthRequest {
  method: string;
  path: string;
  /** The form's fields (the token endpoint takes application/x-www-form-urlencoded only). */
  form: URLSearchParams | null;
  authorization: string | undefined;
}

const UNAUTHORIZED: RouteResult = { status: 401, body: { message: '401: Unauthorized', code: 0 } };
const invalidGrant: RouteResult = {
  status: 400,
  body: { error: 'invalid_grant', error_description: 'Invalid "code" in request.' },
};

export class OAuth2 {
  readonly clientSecret = secret(32);
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, Grant>();
  /** Codes exchanged so far, and codes refused, for tests to count. */
  exchanged = 0;
  refused = 0;

  constructor(
    private readonly state: DiscordState,
    private readonly now: () => number = Date.now,
  ) {}

  /** What Discord's client does when `user` accepts the authorize dialog: a fresh code for them. */
  issueCode(user: EmulatedUser, scopes: string[], ttlMs = CODE_TTL_MS): string {
    const code = secret(30);
    this.codes.set(code, { userId: user.id, scopes: [...scopes], expires: this.now() + ttlMs });
    return code;
  }

  /** The user and scopes an access token stands for, while it is good (AUTHENTICATE checks it so). */
  bearer(accessToken: string): { user: EmulatedUser; scopes: string[]; expires: number } | null {
    const grant = this.tokens.get(accessToken);
    const user = grant && grant.expires > this.now() ? this.state.users.get(grant.userId) : undefined;
    return grant && user ? { user, scopes: grant.scopes, expires: grant.expires } : null;
  }

  /** The OAuth2 routes; `null` when the request is none of them. */
  route(request: OAuthRequest): RouteResult | null {
    if (request.path === '/oauth2/token') return request.method === 'POST' ? this.token(request) : null;
    if (!request.authorization?.startsWith('Bearer ')) return null;
    const grant = this.bearer(request.authorization.slice('Bearer '.length));
    if (!grant) return UNAUTHORIZED;
    const has = (scope: string) => grant.scopes.includes(scope);
    if (request.method === 'GET' && request.path === '/users/@me') {
      if (!has('identify')) return UNAUTHORIZED;
      return {
        status: 200,
        body: { ...this.state.userJson(grant.user), locale: grant.user.locale ?? 'en-US' },
      };
    }
    const member = /^\/users\/@me\/guilds\/(\d+)\/member$/.exec(request.path);
    if (request.method === 'GET' && member) {
      if (!has('guilds.members.read')) return UNAUTHORIZED;
      if (!this.state.isMember(grant.user.id, member[1]))
        return { status: 404, body: { message: 'Unknown Guild', code: 10004 } };
      return { status: 200, body: this.state.memberJson(grant.user) };
    }
    return null;
  }

  private token(request: OAuthRequest): RouteResult {
    const form = request.form;
    if (!form)
      return { status: 400, body: { error: 'invalid_request', error_description: 'Use a form body' } };
    // The client authenticates in the form or by HTTP Basic, as RFC 6749 allows.
    const basic = request.authorization?.startsWith('Basic ')
      ? Buffer.from(request.authorization.slice(6), 'base64').toString('utf8').split(':')
      : [];
    const clientId = form.get('client_id') ?? basic[0];
    const clientSecret = form.get('client_secret') ?? basic[1];
    if (clientId !== this.state.applicationId || clientSecret !== this.clientSecret) {
      this.refused++;
      return { status: 401, body: { error: 'invalid_client' } };
    }
    if (form.get('grant_type') !== 'authorization_code') {
      this.refused++;
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    const code = form.get('code') ?? '';
    const grant = this.codes.get(code);
    // A code opens once: used or not, it is gone after this request.
    this.codes.delete(code);
    if (!grant || grant.expires < this.now()) {
      this.refused++;
      return invalidGrant;
    }
    this.exchanged++;
    const accessToken = secret(30);
    this.tokens.set(accessToken, { ...grant, expires: this.now() + TOKEN_TTL_MS });
    return {
      status: 200,
      body: {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: TOKEN_TTL_MS / 1000,
        refresh_token: secret(30),
        scope: grant.scopes.join(' '),
      },
    };
  }
}
