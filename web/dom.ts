/** The page's element helpers: every text is set as text, never as markup. */

export const app = document.getElementById('app') as HTMLElement;

export function el<K extends keyof HTMLElementTagNameMap>(
  name: K,
  text?: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(name);
  if (text !== undefined) node.textContent = text;
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

/** Shows `text` alone on the page: why there is no board. */
export function showNotice(text: string): void {
  app.replaceChildren(el('p', text, { class: 'notice', role: 'status' }));
}

/** A request as the page makes them: with the session token when it has one (the Activity). */
export type Call = (path: string, init?: RequestInit) => Promise<Response>;

/** A JSON POST through `call`, answered with its JSON (or `{}`), and whether it was accepted. */
export async function post<T>(
  call: Call,
  path: string,
  body: unknown,
): Promise<{ ok: boolean; answer: T & { error?: string } }> {
  const response = await call(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok && !answer.error) answer.error = String(response.status);
  return { ok: response.ok, answer };
}
