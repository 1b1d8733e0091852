// Live events: what changed, announced to the pages that show it (through the SSE route app/routes/events.ts).
// The bus is an interface: this process's in-memory bus, relayed between worker processes when the server runs
// as a cluster, or on PostgreSQL a LISTEN/NOTIFY bus that reaches every process of every app server
// (docs/decisions/0034).
import type cluster from "node:cluster";
import crypto from "node:crypto";
import { createRequire } from "node:module";
import { isPostgresUrl } from "#db/dialect.ts";
import { openNotificationChannel, type NotificationChannel } from "#db/server-coordination.ts";
import { getEnv } from "~/env.server.ts";

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
  /**
   * Resolves once events published by the other servers reach this process (PostgreSQL: its LISTEN is in place, now
   * or after the current reconnection). A bus without it hears them at once.
   */
  listening?(): Promise<void>;
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
class ClusterRelayBus extends InProcessBus {
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

/** The PostgreSQL channel every app server listens on. */
const LIVE_EVENTS_CHANNEL = "tradebench_live_events";
/**
 * UTF-16 code units of event JSON per notification: at most 3 UTF-8 bytes each, so a part and its header (under 60
 * bytes) stay below PostgreSQL's payload limit (8000 bytes).
 */
const PART_LENGTH = 2400;
/** Events larger than this (as JSON) reach this process's listeners only, with a line in the log. */
const MAX_EVENT_LENGTH = 1_000_000;
/** Events being reassembled at once; older unfinished ones are dropped past this. */
const MAX_PARTIAL_EVENTS = 1000;

/** An event's JSON cut into parts that never split a surrogate pair. */
function partsOf(json: string): string[] {
  const parts: string[] = [];
  for (let start = 0; start < json.length;) {
    let end = Math.min(json.length, start + PART_LENGTH);
    const last = json.charCodeAt(end - 1);
    if (end < json.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parts.push(json.slice(start, end));
    start = end;
  }
  return parts.length > 0 ? parts : [""];
}

export interface PostgresBusOptions {
  url: string;
  channel?: string;
  log?: (line: string) => void;
  /** Reconnection backoff (tests shorten it). */
  backoffMs?: number;
}

/**
 * Live events across app servers through PostgreSQL LISTEN/NOTIFY, on one dedicated connection per process:
 * - an event is delivered to this process's listeners at once, then sent as one or more notifications
 *   `origin:seq:part:parts:json-slice` in one statement (a NOTIFY payload must stay under 8000 bytes, so a larger
 *   event travels in parts of the same transaction, which PostgreSQL delivers together; the receiver joins them);
 * - each process ignores the notifications of its own origin (it has delivered them already);
 * - when the connection drops, it logs it, reconnects with backoff, and sends what was published meanwhile.
 */
export class PostgresBus extends InProcessBus {
  private readonly origin = crypto.randomBytes(9).toString("base64url");
  private seq = 0;
  private readonly partial = new Map<string, { parts: string[]; received: number }>();
  private readonly channel: NotificationChannel;
  private readonly log: (line: string) => void;

  constructor(options: PostgresBusOptions) {
    super();
    this.log = options.log ?? ((line: string) => console.error(line));
    this.channel = openNotificationChannel({
      url: options.url,
      channel: options.channel ?? LIVE_EVENTS_CHANNEL,
      log: this.log,
      backoffMs: options.backoffMs,
      onNotification: (payload) => this.received(payload),
      // Parts of an event cut off by the drop will never be completed.
      onListening: () => this.partial.clear(),
    });
  }

  override publish(event: LiveEvent): void {
    super.publish(event);
    const json = JSON.stringify(event);
    if (json.length > MAX_EVENT_LENGTH) {
      this.log(`Live events: an event of ${json.length} characters on ${event.topic} is too large to send to the other servers.`);
      return;
    }
    const seq = (this.seq += 1);
    const parts = partsOf(json);
    this.channel.send(parts.map((part, index) => `${this.origin}:${seq}:${index}:${parts.length}:${part}`));
  }

  /** Resolves once this process is listening (tests wait for it before publishing elsewhere). */
  listening(): Promise<void> {
    return this.channel.listening();
  }

  /** The dedicated connection's backend process id, while connected. */
  backendPid(): number | undefined {
    return this.channel.backendPid();
  }

  close(): Promise<void> {
    return this.channel.close();
  }

  private received(payload: string): void {
    const header = /^([\w-]+):(\d+):(\d+):(\d+):/.exec(payload);
    if (!header) return;
    const [prefix, origin, seq, indexText, countText] = header as unknown as [string, string, string, string, string];
    if (origin === this.origin) return;
    const index = Number(indexText);
    const count = Number(countText);
    const part = payload.slice(prefix.length);
    let json: string;
    if (count === 1) {
      json = part;
    } else {
      const id = `${origin}:${seq}`;
      let pending = this.partial.get(id);
      if (!pending) {
        if (this.partial.size >= MAX_PARTIAL_EVENTS) this.partial.delete(this.partial.keys().next().value as string);
        this.partial.set(id, (pending = { parts: new Array<string>(count), received: 0 }));
      }
      if (index >= count || pending.parts[index] !== undefined) return;
      pending.parts[index] = part;
      pending.received += 1;
      if (pending.received < count) return;
      this.partial.delete(id);
      json = pending.parts.join("");
    }
    let event: LiveEvent;
    try {
      event = JSON.parse(json) as LiveEvent;
    } catch {
      this.log("Live events: a notification from another server could not be read.");
      return;
    }
    super.publish(event);
  }
}

let bus: LiveEventBus | undefined;

/**
 * Whether this process is a worker of a cluster. node:cluster (with child_process under it, ~20 ms) is loaded only
 * here, when a SQLite server makes its bus: a server's start does not load it (start fast).
 */
function isClusterWorker(): boolean {
  return (createRequire(import.meta.url)("node:cluster") as typeof cluster).isWorker;
}

/**
 * This process's bus: on PostgreSQL (DATABASE_URL postgres://) LISTEN/NOTIFY, so every app server and every worker
 * process hears every event; on SQLite the in-process bus, relayed between cluster workers through the primary.
 */
export function getLiveEventBus(): LiveEventBus {
  if (!bus) {
    const url = getEnv().DATABASE_URL;
    bus = isPostgresUrl(url) ? new PostgresBus({ url }) : isClusterWorker() ? new ClusterRelayBus() : new InProcessBus();
  }
  return bus;
}

/** Tests swap in their own bus. */
export function setLiveEventBus(next: LiveEventBus): void {
  bus = next;
}
