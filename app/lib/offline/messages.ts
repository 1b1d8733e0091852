// What the app says about offline use. Client-safe.
export const OFFLINE_MESSAGES = {
  /** The banner while a signed-in member is offline. */
  banner: "You're offline. Saved copies stay available, and your changes will sync when you reconnect.",
  /** The banner for visitors, who have no saved copies. */
  bannerVisitor: "You're offline. Pages will load again when the connection returns.",
  /** Bids, Buy Now and checkout. */
  needsConnection: "You're offline. Bids and purchases need a connection.",
  /** A change kept in the outbox. */
  queued: "Saved on this device. It will sync when you reconnect.",
  watchQueued: (title: string) => `“${title}” will be added to your watchlist when you reconnect.`,
  unwatchQueued: (title: string) => `“${title}” will be removed from your watchlist when you reconnect.`,
  notesQueued: "Notes saved on this device. They will sync when you reconnect.",
  searchQueued: (name: string) => `Search "${name}" saved on this device. It will sync when you reconnect.`,
  queueFailed: "This change could not be kept on this device. Please try again when you are online.",
} as const;
