/**
 * The web board's page: draws the state the server sends (over the live socket, and after each
 * move), and sends the move a member made by clicking. It knows no rule: the legal destinations
 * come with the state. Every name is set as text, never as markup.
 */
import { drawBoard } from './board-svg.ts';
import type { BoardState } from './state.ts';

const [, , guildId, channelId] = location.pathname.split('/');
const api = `/api/game/${guildId}/${channelId}`;
const app = document.getElementById('app') as HTMLElement;

let state: BoardState | null = null;
let picked: string | null = null;
let notice = '';
let connected = true;

function el<K extends keyof HTMLElementTagNameMap>(
  name: K,
  text?: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(name);
  if (text !== undefined) node.textContent = text;
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

function render(): void {
  if (!state) return;
  const s = state;
  document.title = `${s.players.attackers.name} – ${s.players.defenders.name} · ${s.variantName}`;
  const header = el('header');
  const title = el('h1', s.variantName);
  const players = el('p', undefined, { class: 'players' });
  players.append(
    el('span', s.players.attackers.name, {
      class: `player attackers${s.turn === 'attackers' && !s.finished ? ' on-turn' : ''}`,
    }),
    el('span', '–', { class: 'versus' }),
    el('span', s.players.defenders.name, {
      class: `player defenders${s.turn === 'defenders' && !s.finished ? ' on-turn' : ''}`,
    }),
  );
  header.append(title, players);

  const yourTurn = !s.finished && s.you === s.turn;
  const status = el('p', s.situation, { class: 'situation', id: 'situation', 'data-ply': String(s.ply) });
  const role = el('p', yourTurn ? `${s.labels.role} · ${s.labels.yourTurn}` : s.labels.role, {
    class: `role${yourTurn ? ' your-turn' : ''}`,
  });
  const message = el('p', connected ? notice : s.labels.reconnecting, {
    class: 'notice',
    id: 'notice',
    role: 'status',
  });

  const board = el('div', undefined, { class: 'board-wrap' });
  board.append(drawBoard(s, picked, onSquare));

  const side = el('aside');
  side.append(el('h2', s.labels.moves));
  const list = el('ol', undefined, { class: 'moves', id: 'moves' });
  for (let index = 0; index < s.moves.length; index += 2) {
    const item = el('li');
    item.append(el('span', s.moves[index]));
    if (s.moves[index + 1]) item.append(el('span', s.moves[index + 1]));
    list.append(item);
  }
  side.append(list);
  const signOut = el('button', s.labels.signOut, { type: 'button', class: 'sign-out' });
  signOut.addEventListener('click', () => void leave());
  side.append(signOut);

  const main = el('div', undefined, { class: 'layout' });
  const left = el('section', undefined, { class: 'play' });
  left.append(header, status, role, board, message);
  main.append(left, side);
  app.replaceChildren(main);
  list.scrollTop = list.scrollHeight;
}

function onSquare(square: string): void {
  if (!state) return;
  if (picked && state.legal[picked]?.includes(square)) {
    void move(picked, square);
    return;
  }
  picked = state.legal[square] && picked !== square ? square : null;
  notice = '';
  render();
  if (picked) (document.querySelector(`[data-square="${picked}"]`) as SVGGElement | null)?.focus();
}

async function move(from: string, to: string): Promise<void> {
  if (!state) return;
  picked = null;
  const response = await fetch(`${api}/move`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ from, to, ply: state.ply }),
  });
  const answer = (await response.json().catch(() => ({}))) as { state?: BoardState; error?: string };
  notice = response.ok ? '' : (answer.error ?? String(response.status));
  if (answer.state) show(answer.state);
  else await load();
}

/** A newer state replaces the one shown; an older one (a late socket message) does not. */
function show(next: BoardState): void {
  if (state && next.gameId === state.gameId && next.ply < state.ply) return;
  if (state && (next.gameId !== state.gameId || next.ply !== state.ply)) picked = null;
  state = next;
  render();
}

async function load(): Promise<void> {
  const response = await fetch(api);
  if (!response.ok) {
    app.replaceChildren(el('p', await response.text(), { class: 'notice' }));
    return;
  }
  show(((await response.json()) as { state: BoardState }).state);
}

async function leave(): Promise<void> {
  await fetch('/signout', { method: 'POST' });
  location.reload();
}

function listen(delay = 500): void {
  const socket = new WebSocket(
    `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/live/${guildId}/${channelId}`,
  );
  socket.addEventListener('open', () => {
    delay = 500;
    connected = true;
    render();
  });
  socket.addEventListener('message', (event) => {
    const { state: next } = JSON.parse(String(event.data)) as { state: BoardState | null };
    if (next) show(next);
  });
  socket.addEventListener('close', () => {
    connected = false;
    render();
    setTimeout(() => listen(Math.min(delay * 2, 15_000)), delay);
  });
}

await load();
listen();
