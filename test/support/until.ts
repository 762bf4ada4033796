/** Waiting in tests for what another process or server does, by polling. */

const POLL_MS = 100;

/** Polls `check` until it returns a value other than undefined, or throws `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
      last = undefined;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const cause = last instanceof Error ? ` (last error: ${last.message})` : '';
      throw new Error(`${what} within ${timeoutMs / 1000} s${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
