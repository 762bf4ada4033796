/**
 * The web board in a browser: opened at /game/:guild/:channel after the personal link set the
 * session cookie, which every request and the live socket carry by themselves; or a finished
 * game's study at /study/:guild/:game.
 */
import { caller, type SignedIn, startBoard } from './live-board.ts';
import { startStudy } from './study.ts';

const [, page, guildId, id] = location.pathname.split('/');
const signedIn: SignedIn = {
  token: () => null,
  async signOut() {
    await fetch('/signout', { method: 'POST' });
    location.reload();
  },
};

if (page === 'study') await startStudy(guildId, id, caller(signedIn), signedIn.signOut);
else await startBoard({ guildId, channelId: id }, signedIn);
