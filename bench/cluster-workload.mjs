// The varied /listings workload of bench/cluster.mjs: the shared query mix of bench/listing-mix.mjs (the one every
// listings benchmark replays), as the plain paths the cluster bench requests.
import { listingQueryMix, readVocabulary } from "./listing-mix.mjs";

/** `count` distinct /listings paths (deterministic), drawn from what `sqlite` (better-sqlite3) holds, in replay order. */
export function varyingListingsPaths(sqlite, count) {
  const { sequence } = listingQueryMix(readVocabulary(sqlite), { distinct: count });
  return [...new Set(sequence.map((item) => item.path))];
}
