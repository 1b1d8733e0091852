// Long work in the background (a bulk import's rows, a batch of bids) runs on the one event loop that answers every
// request, and better-sqlite3's calls never give it back while they run: such loops step aside between steps.

/** Resolves once the requests and timers already waiting have had their turn. */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
