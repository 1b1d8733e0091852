// The auction scheduler: inside the server process, one timer starts and ends the due auctions (the settlement flow)
// and then runs the marketplace's other deadlines (by default completing inspected orders; the server passes the
// scheduled work, app/flows/scheduled-work.server.ts).
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { completeInspectedOrders } from "../services/orders/index.server.ts";
import { runAuctionLifecycle } from "./auction-settlement.server.ts";

export interface AuctionSchedulerOptions {
  intervalMs: number;
  /** The clock (tests). */
  now?: () => Date;
  /**
   * Work to run after each lifecycle pass; by default completing the orders whose 7-day inspection period ended
   * (docs/product/orders.md#states), so one timer keeps every deadline of the marketplace.
   */
  afterPass?: (db: Kysely<Database>, now: Date) => Promise<unknown>;
  log?: (message: string, error?: unknown) => void;
}

/**
 * Runs the lifecycle every `intervalMs` inside the server process. A pass never overlaps the previous one; a failed
 * pass is logged and the next one tries again. The timer does not keep the process alive. Returns a stop function,
 * whose promise settles once a pass under way has finished.
 */
export function startAuctionScheduler(db: Kysely<Database>, options: AuctionSchedulerOptions): () => Promise<void> {
  const clock = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error));
  const afterPass = options.afterPass ?? ((passDb: Kysely<Database>, now: Date) => completeInspectedOrders(passDb, now));
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    try {
      const now = clock();
      await runAuctionLifecycle(db, now);
      await afterPass(db, now);
    } catch (error) {
      log("The auction scheduler's pass failed; it runs again shortly.", error);
    }
  };
  const tick = () => {
    if (running || stopped) return;
    running = pass().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, Math.max(1, options.intervalMs));
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
