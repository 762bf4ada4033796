/**
 * A player's buttons besides moving: resign (asked twice), offer or accept a draw, ask for or grant
 * a take-back, give the opponent more time. Which of them show, and their words, are the server's
 * (the state's `actions` and labels); the service still decides each.
 */
import type { BoardState } from './state.ts';

export type PageAction = 'resign' | 'draw' | 'undo' | 'accept-undo' | 'more-time';

function button(label: string, action: PageAction | null, kind = ''): HTMLButtonElement {
  const node = document.createElement('button');
  node.type = 'button';
  node.textContent = label;
  node.className = `action ${kind}`.trim();
  if (action) node.dataset.action = action;
  else node.disabled = true;
  return node;
}

/** The buttons for `state`, each sending its action through `act`; null for a spectator or a finished game. */
export function actionsBar(state: BoardState, act: (action: PageAction) => void): HTMLElement | null {
  const actions = state.actions;
  if (!actions) return null;
  const { labels } = state;
  const bar = document.createElement('div');
  bar.className = 'actions';
  if (actions.draw === 'accept') bar.append(button(labels.acceptDraw, 'draw', 'primary'));
  if (actions.undo === 'accept') bar.append(button(labels.acceptUndo, 'accept-undo', 'primary'));
  if (actions.moreTime) bar.append(button(actions.moreTime, 'more-time'));
  if (actions.draw === 'offer') bar.append(button(labels.offerDraw, 'draw'));
  if (actions.draw === 'offered') bar.append(button(labels.drawOffered, null));
  if (actions.undo === 'ask') bar.append(button(labels.askUndo, 'undo'));
  if (actions.undo === 'asked') bar.append(button(labels.undoAsked, null));
  if (actions.resign) bar.append(button(labels.resign, 'resign', 'danger'));
  bar.addEventListener('click', (event) => {
    const pressed = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-action]');
    if (!pressed || pressed.disabled) return;
    const action = pressed.dataset.action as PageAction;
    // Resigning ends the game: the button asks once more before it does.
    if (action === 'resign' && pressed.dataset.confirm !== 'yes') {
      pressed.dataset.confirm = 'yes';
      pressed.textContent = labels.confirmResign;
      return;
    }
    for (const node of bar.querySelectorAll('button')) node.disabled = true;
    act(action);
  });
  return bar;
}
