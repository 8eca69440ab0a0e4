/**
 * Counts turns of the event loop from now until `stop()`: code under test that yields (awaits I/O, setImmediate)
 * lets it count, code that holds the loop does not.
 */
export function countEventLoopTurns(): { readonly turns: number; stop(): number } {
  let turns = 0;
  let counting = true;
  const turn = () => {
    turns += 1;
    if (counting) setImmediate(turn);
  };
  setImmediate(turn);
  return {
    get turns() {
      return turns;
    },
    stop() {
      counting = false;
      return turns;
    },
  };
}
