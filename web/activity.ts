/**
 * The web board as a Discord Activity: the Embedded App SDK talks to Discord's client (the parent
 * frame), the member authorizes the app, the server exchanges the code for a token and a session
 * (POST /api/activity/token), the SDK is authenticated with the token, and the channel the Activity
 * was opened in picks the game. The session token stays in this page's memory: cookies inside
 * Discord's frame are third-party, refused by many browsers and Discord's mobile apps.
 * Until the member is signed in the server cannot know their language, so the page picks it from
 * the browser's and the notices of every language the shell carries (src/i18n/web.ts).
 */
import { DiscordSDK, RPCCloseCodes } from '@discord/embedded-app-sdk';
import { showNotice } from './dom.ts';
import { startBoard } from './live-board.ts';

/** What the server needs (src/web/discord-oauth.ts): who the member is, and that they are in the server. */
const SCOPES: ('identify' | 'guilds.members.read')[] = ['identify', 'guilds.members.read'];

type SignInNotice =
  | 'signingIn'
  | 'notInDiscord'
  | 'noChannel'
  | 'notAuthorized'
  | 'signInFailed'
  | 'codeRefused'
  | 'notAMember'
  | 'discordUnavailable';

/** The shell's JSON (src/i18n/web.ts, signInWords): Discord's locales by catalogue, and each one's notices. */
interface SignInWords {
  locales: Record<string, string>;
  notices: Record<string, Record<SignInNotice, string>>;
}

const SOURCE_LANGUAGE = 'en';

/** The catalogue for a locale as src/i18n/locales.ts picks it: Discord's name, its language, or English. */
function catalogueOf(locale: string | null, words: SignInWords): string {
  if (!locale) return SOURCE_LANGUAGE;
  const language = Object.hasOwn(words.locales, locale)
    ? words.locales[locale]
    : locale.split('-')[0].toLowerCase();
  return Object.hasOwn(words.notices, language) ? language : SOURCE_LANGUAGE;
}

function readSignInWords(): SignInWords {
  try {
    return JSON.parse(document.getElementById('sign-in-words')?.textContent ?? '') as SignInWords;
  } catch {
    return { locales: {}, notices: {} };
  }
}

/** Discord's launch does not name the member's locale; a `locale` in the address would, else the browser's. */
function signInText(): Record<SignInNotice, string> {
  const words = readSignInWords();
  const locale = new URLSearchParams(location.search).get('locale') ?? navigator.language;
  return { ...ENGLISH, ...words.notices[catalogueOf(locale, words)] };
}

/** English, should the shell's words be missing. */
const ENGLISH: Record<SignInNotice, string> = {
  signingIn: 'Signing in with Discord…',
  notInDiscord: 'This page is the board inside Discord. Open it from a game in Discord.',
  noChannel: 'Open the board from a channel of a server with a game.',
  notAuthorized: 'The board needs your authorization to know who you are. Close it and open it again.',
  signInFailed: 'Discord could not sign you in to the board. Close it and open it again.',
  codeRefused:
    'Discord did not confirm who you are (the sign-in was not valid or was used already). Close the board and open it again.',
  notAMember: 'You are not a member of the server this board belongs to.',
  discordUnavailable: 'Discord did not answer. Try again in a moment.',
};

/** A refused sign-in's reason (src/web/activity-routes.ts), as a notice. */
const REFUSALS: Record<string, SignInNotice> = {
  'code-refused': 'codeRefused',
  'not-a-member': 'notAMember',
  'discord-unavailable': 'discordUnavailable',
};

const TEXT = signInText();
const clientId = document.querySelector<HTMLMetaElement>('meta[name="discord-client-id"]')?.content ?? '';

async function main(): Promise<void> {
  showNotice(TEXT.signingIn);
  let sdk: DiscordSDK;
  try {
    sdk = new DiscordSDK(clientId);
  } catch {
    // Without the frame_id, instance_id and platform Discord adds, this is no Activity.
    showNotice(TEXT.notInDiscord);
    return;
  }
  await sdk.ready();
  const { guildId, channelId } = sdk;
  if (!guildId || !channelId) {
    showNotice(TEXT.noChannel);
    return;
  }

  let session: string | null = null;
  async function signIn(): Promise<boolean> {
    let code: string;
    try {
      ({ code } = await sdk.commands.authorize({
        client_id: clientId,
        response_type: 'code',
        state: '',
        prompt: 'none',
        scope: SCOPES,
      }));
    } catch {
      showNotice(TEXT.notAuthorized);
      return false;
    }
    const response = await fetch('/api/activity/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code, guildId }),
    });
    const answer = (await response.json().catch(() => ({}))) as {
      session?: string;
      accessToken?: string;
      error?: string;
      code?: string;
    };
    if (!response.ok || !answer.session || !answer.accessToken) {
      const refusal = answer.code && Object.hasOwn(REFUSALS, answer.code) ? REFUSALS[answer.code] : null;
      showNotice(refusal ? TEXT[refusal] : (answer.error ?? TEXT.signInFailed));
      return false;
    }
    try {
      await sdk.commands.authenticate({ access_token: answer.accessToken });
    } catch {
      showNotice(TEXT.signInFailed);
      return false;
    }
    session = answer.session;
    return true;
  }

  if (!(await signIn())) return;
  await startBoard(
    { guildId, channelId },
    {
      token: () => session,
      renew: signIn,
      async signOut() {
        await fetch('/signout', { method: 'POST', headers: { Authorization: `Bearer ${session}` } });
        session = null;
        sdk.close(RPCCloseCodes.CLOSE_NORMAL, 'signed out');
      },
    },
  );
}

await main();
