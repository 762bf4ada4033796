/**
 * A message said once per distinct particulars, then remembered: i18next's `t` costs some
 * microseconds a call, and the pictures' captions and /move's suggestions ask for the same few
 * texts again and again (a move number, a piece with its count of moves). Bounded: a full memory
 * starts afresh.
 */
export function remembered<A extends unknown[]>(
  say: (...args: A) => string,
  size = 2000,
): (...args: A) => string {
  const said = new Map<string, string>();
  return (...args) => {
    const key = JSON.stringify(args);
    let text = said.get(key);
    if (text === undefined) {
      text = say(...args);
      if (said.size >= size) said.clear();
      said.set(key, text);
    }
    return text;
  };
}
