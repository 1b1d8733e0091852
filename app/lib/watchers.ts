// How many people watch a listing, in the words its seller reads (only the owner and admins ever see it).

export function watcherCountText(count: number): string {
  if (count === 0) return "Nobody watches this listing yet";
  return count === 1 ? "1 person watches this listing" : `${count.toLocaleString("en-US")} people watch this listing`;
}
