/**
 * Studying a finished game: step through its moves with the review's plot and worst moves beside
 * them (when /analyze has reviewed it), play on from any position (the analysis board: the server
 * checks every move and sends the position), and ask the AI for its view of the position shown.
 * Opened at /study/:guild/:game in the browser, or from the live board once its game is over.
 */
import { drawBoard, focusSquare, pressOn } from './board-svg.ts';
import { app, type Call, el, post, showNotice } from './dom.ts';
import { movesList, type Stepping, stepBar, stepKeys } from './moves-list.ts';
import { reviewPlot } from './plot.ts';
import { type AiView, fill, type PositionState, type StudyState } from './state.ts';

export async function startStudy(
  guildId: string,
  gameId: string,
  call: Call,
  signOut: () => Promise<void>,
): Promise<void> {
  const api = `/api/study/${guildId}/${gameId}`;
  const response = await call(api);
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    showNotice(answer.error ?? String(response.status));
    return;
  }
  const study = ((await response.json()) as { study: StudyState }).study;
  const { labels } = study;
  const plies = study.moves.length;
  let position: PositionState | null = null;
  let picked: string | null = null;
  let notice = '';
  let ai: AiView | null = null;
  let thinking = false;

  /** Shows the position after `ply` of the game's moves and then `line`, as the server has it. */
  async function show(ply: number, line: string[] = []): Promise<void> {
    const { ok, answer } = await post<{ position?: PositionState }>(call, `${api}/position`, { ply, line });
    if (ok && answer.position) {
      position = answer.position;
      picked = null;
      ai = null;
      notice = '';
    } else notice = answer.error ?? '';
    render();
  }

  function onSquare(square: string): void {
    if (!position) return;
    const press = pressOn(position.legal, picked, square);
    if ('move' in press) {
      void show(position.ply, [...position.line, `${press.move.from}-${press.move.to}`]);
      return;
    }
    picked = press.picked;
    render();
    if (picked) focusSquare(picked);
  }

  async function askAi(): Promise<void> {
    if (!position || thinking) return;
    const asked = position;
    thinking = true;
    notice = '';
    render();
    const { ok, answer } = await post<{ ai?: AiView }>(call, `${api}/think`, {
      ply: asked.ply,
      line: asked.line,
    });
    thinking = false;
    // An answer about a position no longer shown is dropped.
    if (position === asked) {
      if (ok && answer.ai) ai = answer.ai;
      else notice = answer.error ?? '';
    }
    render();
  }

  function stepping(): Stepping | null {
    if (!position) return null;
    // A step from moves played on leaves them, for the game's positions around the one they left.
    return { ply: position.ply, plies, go: (ply) => void show(ply) };
  }
  stepKeys(stepping);

  function render(): void {
    if (!position) return;
    const at = position;
    document.title = labels.title;
    const header = el('header');
    header.append(
      el('h1', labels.title),
      el('p', `${study.variantName} · ${study.situation}`, { class: 'players' }),
    );
    const status = el('p', at.situation, { class: 'situation', id: 'situation', 'data-ply': String(at.ply) });
    const where = el('div', undefined, { class: 'looking' });
    where.append(
      el(
        'p',
        at.ply === 0 && at.line.length === 0
          ? labels.startPosition
          : fill(labels.lookingBack, { ply: at.ply, plies }),
        {
          id: 'looking',
        },
      ),
      stepBar(stepping() as Stepping, labels),
    );
    const board = el('div', undefined, { class: 'board-wrap' });
    board.append(drawBoard({ ...at, labels }, picked, onSquare));

    const analysis = el('section', undefined, { class: 'analysis', 'aria-live': 'polite' });
    analysis.append(el('p', at.threats.join(' '), { class: 'threats', id: 'threats' }));
    if (at.line.length > 0) {
      analysis.append(
        el('p', `${fill(labels.yourLine, { ply: at.ply })}: ${at.line.join(' ')}`, {
          class: 'line',
          id: 'line',
        }),
      );
      const back = el('button', labels.backToGame, { type: 'button', class: 'action', id: 'back-to-game' });
      back.addEventListener('click', () => void show(at.ply));
      analysis.append(back);
    } else if (!at.over) analysis.append(el('p', labels.playOn, { class: 'hint' }));
    if (!at.over) {
      const ask = el('button', thinking ? labels.thinking : labels.askAi, {
        type: 'button',
        class: 'action primary',
        id: 'ask-ai',
      });
      ask.disabled = thinking;
      ask.addEventListener('click', () => void askAi());
      analysis.append(ask);
    }
    if (ai) {
      analysis.append(el('p', ai.text, { class: 'ai', id: 'ai' }));
      analysis.append(el('p', `${labels.aiLine}: ${ai.line.join(' ')}`, { class: 'ai-line', id: 'ai-line' }));
    }
    analysis.append(el('p', notice, { class: 'notice', id: 'notice', role: 'status' }));

    const side = el('aside');
    side.append(
      el('h2', labels.moves),
      movesList(study.moves, at.line.length > 0 ? null : at.ply, (ply) => void show(ply)),
    );
    side.append(reviewPanel(at));
    const signOutButton = el('button', labels.signOut, { type: 'button', class: 'sign-out' });
    signOutButton.addEventListener('click', () => void signOut());
    side.append(signOutButton);

    const left = el('section', undefined, { class: 'play' });
    left.append(header, status, where, board, analysis);
    const layout = el('div', undefined, { class: 'layout' });
    layout.append(left, side);
    app.replaceChildren(layout);
  }

  /** The review's plot, the players' accuracy and the worst moves; or how to get a review. */
  function reviewPanel(at: PositionState): HTMLElement {
    const panel = el('section', undefined, { class: 'review', id: 'review' });
    panel.append(el('h2', labels.review));
    const review = study.review;
    if (!review) {
      panel.append(el('p', labels.noReview, { class: 'hint' }));
      return panel;
    }
    panel.append(reviewPlot(review, at.ply, labels.plot, (ply) => void show(ply)));
    if (labels.accuracy) panel.append(el('p', labels.accuracy, { class: 'accuracy' }));
    if (review.worst.length > 0) {
      panel.append(el('h2', labels.worstMoves));
      const list = el('ul', undefined, { class: 'worst', id: 'worst' });
      for (const move of review.worst) {
        const number = `${Math.ceil(move.ply / 2)}${move.ply % 2 === 1 ? '.' : '…'}`;
        const better = move.better ? ` (${fill(labels.better, { move: move.better })})` : '';
        // The position the move was played in: the member can look for the better one there.
        const button = el('button', `${number} ${move.notation}: ${move.verdict}${better}`, {
          type: 'button',
          class: `worst-move${move.blunder ? ' blunder' : ''}`,
          'data-ply': String(move.ply - 1),
        });
        button.addEventListener('click', () => void show(move.ply - 1));
        const item = el('li');
        item.append(button);
        list.append(item);
      }
      panel.append(list);
    }
    return panel;
  }

  await show(plies);
}
