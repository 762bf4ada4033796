/**
 * Bot benchmarks: from the emulator sending INTERACTION_CREATE to the bot's answer arriving at the
 * emulator, through the real discord.js client and real Redis (REDIS_URL or 127.0.0.1:6379).
 */

import { suggestMoves } from '../src/analysis/suggestions.ts';
import { Game } from '../src/engine/index.ts';
import { startWorld } from '../test/bot/harness.ts';
import type { InteractionHandle, RecordedMessage } from '../test/discord-emulator/index.ts';
import { midgame } from './sample-games.ts';
import { summary } from './stats.ts';

const MOVES = 300;
/** Moves played through the move picker, each in a fresh 19x19 midgame. */
const PICKER_MOVES = 100;

/** Milliseconds from an interaction's sending to its visible answer. */
function answeredMs(handle: InteractionHandle): number {
  const at = handle.answeredAt();
  if (at === undefined) throw new Error('no answer yet');
  return Number(at - handle.sentAt) / 1e6;
}

interface Menu {
  custom_id: string;
  type: number;
  options: { value: string }[];
}
/** The string select menus of a message. */
const menus = (message: RecordedMessage): Menu[] =>
  message.components.flatMap((row: { components: Menu[] }) => row.components.filter((c) => c.type === 3));
const SUGGESTIONS = 600;
/** Autocomplete with nothing typed: every legal move is looked at to rank the choices. */
const FIRST_SUGGESTIONS = 300;

export async function benchBot(): Promise<void> {
  console.log('bot (INTERACTION_CREATE sent → answer received, real Redis)');
  const world = await startWorld(1);
  try {
    const { emulator, bots } = world;
    const service = bots[0].service;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const players = { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } };
    let seed = 3;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };

    async function newGame(game = new Game('alea-armed')): Promise<string> {
      const channelId = emulator.createChannel(`bench-${Math.random().toString(36).slice(2, 8)}`);
      await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(channelId));
      await service.lifecycle.startGame({
        guildId: emulator.guildId,
        channelId,
        players,
        game,
      });
      return channelId;
    }

    const moveTimes: number[] = [];
    let channelId = await newGame();
    for (let i = 0; i < MOVES + 20; i++) {
      const active = await service.play.board({ guildId: emulator.guildId, channelId });
      if (!active || active.game.isGameOver()) {
        channelId = await newGame();
        i--;
        continue;
      }
      const legal = active.game.legalMoves();
      const move = legal[next(legal.length)];
      const user = active.game.turn === 'attackers' ? ann : bob;
      const handle = emulator.slash(user, 'move', { move: move.notation }, { channelId });
      // Acknowledged first, then the board edited in: the player waits for the board.
      const shown = await handle.reply();
      if (shown.ephemeral || shown.attachments.length === 0)
        throw new Error(`unexpected answer to /move: ${shown.content.slice(0, 200)}`);
      if (i >= 20) moveTimes.push(answeredMs(handle));
    }
    console.log(`  /move on 19x19 with the board image (sent → board shown): ${summary(moveTimes)}`);

    // The move picker on 19x19 midgames: each step sent → the picker's new state shown.
    const pickerTimes = { open: [] as number[], piece: [] as number[], move: [] as number[] };
    for (let i = 0; i < PICKER_MOVES + 5; i++) {
      const pickerChannel = await newGame(midgame('alea-armed', 60 + (i % 2), 1 + i));
      const active = await service.play.board({ guildId: emulator.guildId, channelId: pickerChannel });
      if (!active || active.game.isGameOver()) continue;
      const user = active.game.turn === 'attackers' ? ann : bob;
      const board = await emulator.slash(user, 'board', {}, { channelId: pickerChannel }).reply();
      const opening = emulator.clickButton(user, board, `move:open:${active.id}`);
      const picker = { ...(await opening.reply()) };
      const legal = active.game.legalMoves();
      const move = legal[next(legal.length)];
      const pieceMenu = menus(picker).find((menu) => menu.options.some((o) => o.value === move.from));
      if (!pieceMenu) throw new Error(`the picker offers no ${move.from}`);
      const choosing = emulator.choose(user, picker, pieceMenu.custom_id, [move.from]);
      const chosen = { ...(await choosing.reply()) };
      const toMenu = menus(chosen).find((menu) => menu.options.some((o) => o.value === move.to));
      if (!toMenu) throw new Error(`the picker offers no ${move.notation}`);
      const playing = emulator.choose(user, chosen, toMenu.custom_id, [move.to]);
      await playing.reply();
      await emulator.waitFor(() => playing.followUps().some((m) => m.attachments.length > 0));
      if (i < 5) continue;
      pickerTimes.open.push(answeredMs(opening));
      pickerTimes.piece.push(answeredMs(choosing));
      pickerTimes.move.push(answeredMs(playing));
    }
    console.log(`  move picker on 19x19 midgames, Move pressed → picker shown: ${summary(pickerTimes.open)}`);
    console.log(`  move picker, a piece chosen → its destinations marked: ${summary(pickerTimes.piece)}`);
    console.log(
      `  move picker, a destination chosen → move played, picker closed: ${summary(pickerTimes.move)}`,
    );

    // 19x19 midgames (alea-armed after 60 and 61 moves): the defenders to move (25 pieces, ~290
    // legal moves), and the attackers (48 pieces, ~520 legal moves).
    const midgames = [
      await newGame(midgame('alea-armed', 60, 1)),
      await newGame(midgame('alea-armed', 61, 1)),
    ];
    const onTurn = [bob, ann];
    const suggest = async (i: number, typed: string) => {
      const started = process.hrtime.bigint();
      const side = i % 2;
      const choices = await emulator.autocomplete(onTurn[side], 'move', { move: typed }, 'move', {
        channelId: midgames[side],
      });
      const took = Number(process.hrtime.bigint() - started) / 1e6;
      if (i < 2 && typed === '' && choices.length === 0) throw new Error('autocomplete offered nothing');
      return took;
    };

    const suggestTimes: number[] = [];
    const typed = ['', 'j', 'j1', 'j11', 'j11-', 'k10', 'e', 'h1'];
    for (let i = 0; i < SUGGESTIONS + 20; i++) {
      const took = await suggest(i, typed[Math.floor(i / 2) % typed.length]);
      if (i >= 20) suggestTimes.push(took);
    }
    console.log(`  /move autocomplete on 19x19 midgames, as a player types: ${summary(suggestTimes)}`);

    const firstTimes: number[] = [];
    for (let i = 0; i < FIRST_SUGGESTIONS + 20; i++) {
      const took = await suggest(i, '');
      if (i >= 20) firstTimes.push(took);
    }
    console.log(`  /move autocomplete on 19x19 midgames, nothing typed yet: ${summary(firstTimes)}`);

    // The ranking alone, in this process, without Discord or Redis: what nothing typed costs.
    const rankTimes: number[] = [];
    const positions = [midgame('alea-armed', 60, 1), midgame('alea-armed', 61, 1)];
    for (let i = 0; i < FIRST_SUGGESTIONS + 20; i++) {
      const started = process.hrtime.bigint();
      suggestMoves(positions[i % 2], '');
      if (i >= 20) rankTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    console.log(
      `  autocomplete ranking alone (suggestMoves, nothing typed), same midgames: ${summary(rankTimes)}`,
    );
  } finally {
    await world.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchBot();
  process.exit(0);
}
