/**
 * How many turns the event loop took while `work` ran: 0 when it never let a timer, a socket or
 * another request in. The embedded database answers without I/O, so a loop of its queries can hold
 * the server until it ends.
 */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let done = false;
  let turns = 0;
  const turn = () => {
    if (done) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    return { result: await work(), turns };
  } finally {
    done = true;
  }
}
