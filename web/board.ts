/**
 * The web board in a browser: opened at /game/:guild/:channel after the personal link set the
 * session cookie, which every request and the live socket carry by themselves.
 */
import { startBoard } from './live-board.ts';

const [, , guildId, channelId] = location.pathname.split('/');

await startBoard(
  { guildId, channelId },
  {
    token: () => null,
    async signOut() {
      await fetch('/signout', { method: 'POST' });
      location.reload();
    },
  },
);
