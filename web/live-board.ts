/**
 * The live board itself, the same in the browser and inside Discord: draws the state the server
 * sends (over the live socket, and after each move), and sends the move a member made by clicking.
 * It knows no rule: the legal destinations come with the state. Every name is set as text, never
 * as markup. How the page is signed in is its caller's: a cookie (the browser) or a session token
 * sent with each request and as the socket's first message (the Activity, where cookies are
 * third-party).
 */
import { actionsBar, type PageAction } from './actions.ts';
import { drawBoard, focusSquare, pressOn } from './board-svg.ts';
import { showClocks } from './clocks.ts';
import { app, type Call, el, post, showNotice } from './dom.ts';
import { movesList, type Stepping, stepBar, stepKeys } from './moves-list.ts';
import type { BoardState, PositionState } from './state.ts';
import { fill } from './state.ts';
import { startStudy } from './study.ts';

export interface Table {
  guildId: string;
  channelId: string;
}

export interface SignedIn {
  /** The session token, when the page is not signed in by cookie. */
  token(): string | null;
  /** Signs in again after the server said the session is gone; false when it could not. */
  renew?(): Promise<boolean>;
  /** What the sign-out button does. */
  signOut(): Promise<void>;
}

/** A request with the session token (if the page has one), signed in again once if it ran out. */
export function caller(signedIn: SignedIn): Call {
  const call = async (path: string, init: RequestInit = {}, renewed = false): Promise<Response> => {
    const token = signedIn.token();
    const headers = new Headers(init.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const response = await fetch(path, { ...init, headers });
    if (response.status === 401 && !renewed && signedIn.renew && (await signedIn.renew()))
      return call(path, init, true);
    return response;
  };
  return (path, init) => call(path, init);
}

export async function startBoard(table: Table, signedIn: SignedIn): Promise<void> {
  const api = `/api/game/${table.guildId}/${table.channelId}`;
  let state: BoardState | null = null;
  /** When the state shown arrived, by the page's monotonic clock: the clocks count on from it. */
  let receivedAt = performance.now();
  let picked: string | null = null;
  let notice = '';
  let connected = true;
  /** A position of the game looked back at, instead of the live one. */
  let looking: PositionState | null = null;
  let spectators = '';
  /** False once the page has turned to studying the game: the live board stops drawing. */
  let live = true;
  let socket: WebSocket | null = null;
  const call = caller(signedIn);

  function render(): void {
    if (!state || !live) return;
    const s = state;
    document.title = `${s.players.attackers.name} – ${s.players.defenders.name} · ${s.variantName}`;
    const header = el('header');
    const title = el('h1', s.variantName);
    const players = el('p', undefined, { class: 'players' });
    const player = (side: 'attackers' | 'defenders') => {
      const span = el('span', undefined, {
        class: `player ${side}${s.turn === side && !s.finished ? ' on-turn' : ''}`,
      });
      span.append(el('span', s.players[side].name));
      if (s.clock) span.append(el('span', '', { class: 'clock', 'data-clock': side, role: 'timer' }));
      return span;
    };
    players.append(player('attackers'), el('span', '–', { class: 'versus' }), player('defenders'));
    if (s.clock) players.setAttribute('aria-label', s.labels.clocks);
    header.append(title, players, el('p', spectators, { class: 'spectators', id: 'spectators' }));

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
    const shown = looking ?? s;
    board.append(
      drawBoard({ ...shown, labels: s.labels }, looking ? null : picked, looking ? () => {} : onSquare),
    );
    const threats = el('p', shown.threats.join(' '), { class: 'threats', id: 'threats' });

    const side = el('aside');
    side.append(el('h2', s.labels.moves));
    const list = movesList(s.moves, looking ? looking.ply : s.ply, (ply) => void lookAt(ply));
    side.append(list);
    const signOut = el('button', s.labels.signOut, { type: 'button', class: 'sign-out' });
    signOut.addEventListener('click', () => void signedIn.signOut());
    side.append(signOut);

    const main = el('div', undefined, { class: 'layout' });
    const left = el('section', undefined, { class: 'play' });
    left.append(header, status, role);
    if (looking) left.append(lookingBar(s, looking));
    left.append(board, threats, message);
    const bar = looking ? null : actionsBar(s, (action) => void act(action));
    if (bar) left.append(bar);
    if (s.finished) {
      const study = el('button', s.labels.study, { type: 'button', class: 'action primary', id: 'study' });
      study.addEventListener('click', () => void turnToStudy(s.gameId));
      const after = el('div', undefined, { class: 'after-game' });
      after.append(study);
      left.append(after);
    }
    main.append(left, side);
    app.replaceChildren(main);
    list.scrollTop = list.scrollHeight;
    showClocks(app, s, performance.now() - receivedAt);
  }

  /** What the page shows of a position looked back at, and the way back to the live one. */
  function lookingBar(s: BoardState, at: PositionState): HTMLElement {
    const bar = el('div', undefined, { class: 'looking' });
    bar.append(
      el('p', fill(s.labels.lookingBack, { ply: at.ply, plies: s.moves.length }), { id: 'looking' }),
      stepBar(stepping(s) as Stepping, s.labels),
    );
    const back = el('button', s.labels.backToLive, {
      type: 'button',
      class: 'action primary',
      id: 'back-to-live',
    });
    back.addEventListener('click', () => void lookAt(s.moves.length));
    bar.append(back);
    return bar;
  }

  function stepping(s: BoardState | null): Stepping | null {
    if (!s || !live) return null;
    return { ply: looking?.ply ?? null, plies: s.moves.length, go: (ply) => void lookAt(ply) };
  }
  stepKeys(() => stepping(state));

  /** Shows the position after `ply` of the game's moves; the last one is the live position. */
  async function lookAt(ply: number): Promise<void> {
    if (!state) return;
    if (ply >= state.moves.length) {
      looking = null;
      render();
      return;
    }
    const { ok, answer } = await post<{ position?: PositionState }>(call, `${api}/position`, {
      gameId: state.gameId,
      ply,
    });
    if (ok && answer.position) {
      looking = answer.position;
      picked = null;
      notice = '';
    } else notice = answer.error ?? '';
    render();
  }

  /** The game is over: the page becomes its study (the same page in the browser and in Discord). */
  async function turnToStudy(gameId: string): Promise<void> {
    live = false;
    socket?.close(1000);
    await startStudy(table.guildId, gameId, call, signedIn.signOut);
  }

  /** The clocks tick between states; a new state sets them again from the server's word. */
  setInterval(() => {
    if (state?.clock && live) showClocks(app, state, performance.now() - receivedAt);
  }, 100);

  /** A player's action besides moving, for the game and position shown. */
  async function act(action: PageAction): Promise<void> {
    if (state) await change('action', { action, gameId: state.gameId, ply: state.ply });
  }

  /** A player's change sent to the server: the state it answers with, else the stored one, and why it was refused. */
  async function change(path: 'move' | 'action', body: unknown): Promise<void> {
    const { ok, answer } = await post<{ state?: BoardState }>(call, `${api}/${path}`, body);
    notice = ok ? '' : (answer.error ?? '');
    if (answer.state) show(answer.state);
    else await load();
  }

  function onSquare(square: string): void {
    if (!state) return;
    const press = pressOn(state.legal, picked, square);
    if ('move' in press) {
      void move(press.move.from, press.move.to);
      return;
    }
    picked = press.picked;
    notice = '';
    render();
    if (picked) focusSquare(picked);
  }

  async function move(from: string, to: string): Promise<void> {
    if (!state) return;
    picked = null;
    await change('move', { from, to, ply: state.ply });
  }

  /** A newer state of the game replaces the one shown; an older one (a late socket message) does not. */
  function show(next: BoardState): void {
    if (state && next.gameId === state.gameId && next.version < state.version) return;
    if (state && (next.gameId !== state.gameId || next.ply !== state.ply)) picked = null;
    if (state && next.gameId !== state.gameId) looking = null;
    state = next;
    receivedAt = performance.now();
    render();
  }

  async function load(): Promise<boolean> {
    const response = await call(api);
    if (!response.ok) {
      showNotice(await response.text());
      return false;
    }
    show(((await response.json()) as { state: BoardState }).state);
    return true;
  }

  function listen(delay = 500): void {
    if (!live) return;
    const current = new WebSocket(
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/live/${table.guildId}/${table.channelId}`,
    );
    socket = current;
    current.addEventListener('open', () => {
      const token = signedIn.token();
      if (token) current.send(JSON.stringify({ session: token }));
      delay = 500;
      connected = true;
      render();
    });
    current.addEventListener('message', (event) => {
      const heard = JSON.parse(String(event.data)) as {
        state?: BoardState | null;
        spectators?: { count: number; text: string };
      };
      if (heard.spectators) {
        spectators = heard.spectators.text;
        const line = document.getElementById('spectators');
        if (line) line.textContent = spectators;
      }
      if (heard.state) show(heard.state);
    });
    current.addEventListener('close', async (event) => {
      if (!live) return;
      connected = false;
      render();
      // 4404: this member may not see the channel (any more): nothing to reconnect to.
      if (event.code === 4404) return void (await load());
      // 4401: the session ran out while the board was open; sign in again before reconnecting.
      if (event.code === 4401 && !(await signedIn.renew?.())) return;
      setTimeout(() => listen(Math.min(delay * 2, 15_000)), delay);
    });
  }

  if (await load()) listen();
}
