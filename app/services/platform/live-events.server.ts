// Live events: what changed, announced to the pages that show it (through the SSE route app/routes/events.ts).
// The bus is an interface: this process's in-memory bus, relayed between worker processes when the server runs
// as a cluster; a PostgreSQL LISTEN/NOTIFY or Redis bus can implement the same two methods later.
import cluster from "node:cluster";

export interface LiveEvent {
  /** `auction:{id}`, `user:{id}` or `auctions` (any auction). */
  topic: string;
  /** The SSE event name, e.g. `auction`, `notification`. */
  name: string;
  data: unknown;
}

export type LiveListener = (event: LiveEvent) => void;

export interface LiveEventBus {
  publish(event: LiveEvent): void;
  /** Listens to the given topics until the returned function is called. */
  subscribe(topics: readonly string[], listener: LiveListener): () => void;
}

export const auctionTopic = (auctionId: number) => `auction:${auctionId}`;
export const userTopic = (userId: string) => `user:${userId}`;
export const ALL_AUCTIONS_TOPIC = "auctions";

/** Delivers events to the listeners of this process. */
export class InProcessBus implements LiveEventBus {
  private readonly listeners = new Map<string, Set<LiveListener>>();

  publish(event: LiveEvent): void {
    const listeners = this.listeners.get(event.topic);
    if (!listeners) return;
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error("A live-event listener failed", error);
      }
    }
  }

  subscribe(topics: readonly string[], listener: LiveListener): () => void {
    for (const topic of topics) {
      let set = this.listeners.get(topic);
      if (!set) this.listeners.set(topic, (set = new Set()));
      set.add(listener);
    }
    return () => {
      for (const topic of topics) {
        const set = this.listeners.get(topic);
        set?.delete(listener);
        if (set?.size === 0) this.listeners.delete(topic);
      }
    };
  }

  listenerCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }
}

const RELAY_KEY = "tradebenchLiveEvent";

/**
 * In a cluster worker: delivers locally and sends the event to the primary, which passes it to the other workers
 * (server.mjs), so a bid taken by one worker reaches browsers connected to another.
 */
export class ClusterRelayBus extends InProcessBus {
  constructor() {
    super();
    process.on("message", (message: unknown) => {
      if (message && typeof message === "object" && RELAY_KEY in message) {
        super.publish((message as Record<typeof RELAY_KEY, LiveEvent>)[RELAY_KEY]);
      }
    });
  }

  override publish(event: LiveEvent): void {
    super.publish(event);
    process.send?.({ [RELAY_KEY]: event });
  }
}

let bus: LiveEventBus | undefined;

export function getLiveEventBus(): LiveEventBus {
  bus ??= cluster.isWorker ? new ClusterRelayBus() : new InProcessBus();
  return bus;
}

/** Tests swap in their own bus. */
export function setLiveEventBus(next: LiveEventBus): void {
  bus = next;
}
