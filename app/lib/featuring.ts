// What featuring a listing does: featured listings take turns in
// the home page's Featured Equipment, `shown` at a time; the turn moves every `minutes` minutes, so every featured
// listing is on the home page at least once every ceil(featured / shown) turns. Client-safe: the pricing page and
// the featuring form say the same figures.

export const FEATURED_ROTATION = { shown: 6, minutes: 15 } as const;

/**
 * Which `shown` of `count` featured listings (ordered by id) are on the home page at `now`: the start of the window
 * in that order; the window wraps round to the first ones. Every listing is in some window of ceil(count / shown)
 * consecutive turns.
 */
export function featuredWindowStart(count: number, now: Date, rotation: { shown: number; minutes: number } = FEATURED_ROTATION): number {
  if (count <= rotation.shown) return 0;
  const turn = Math.floor(now.getTime() / (rotation.minutes * 60_000));
  const turns = Math.ceil(count / rotation.shown);
  return ((turn % turns) * rotation.shown) % count;
}

/** What a seller is told featuring does (the featuring page and the admin's message). */
export const FEATURING_MEANING = `Featured listings take turns in Featured Equipment on the home page, ${FEATURED_ROTATION.shown} at a time, changing every ${FEATURED_ROTATION.minutes} minutes, and carry the Featured badge in search and lists.`;
