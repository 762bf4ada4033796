/** A clock a test moves by hand, for the bot's `now` (it starts where the test says, by default now). */
export function manualClock(start = Date.now()) {
  let now = start;
  return {
    now: () => now,
    pass(ms: number) {
      now += ms;
    },
  };
}
