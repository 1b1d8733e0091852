// What this server process knows about its own moving parts, for /admin/system-status: when the
// scheduler last finished a pass (and how long it took), and how many browsers hold a live-events stream open.
// In memory, per process: a cluster's workers each report their own.

export interface SchedulerPass {
  startedAt: Date;
  finishedAt: Date;
  ok: boolean;
}

let lastPass: SchedulerPass | null = null;
let liveConnections = 0;

/** Called by the scheduler after each pass (app/server-start.server.ts). */
export function recordSchedulerPass(pass: SchedulerPass): void {
  lastPass = pass;
}

export function lastSchedulerPass(): SchedulerPass | null {
  return lastPass;
}

/** Counts one open live-events stream; call the returned function once when it closes. */
export function trackLiveConnection(): () => void {
  liveConnections += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    liveConnections -= 1;
  };
}

export function liveConnectionCount(): number {
  return liveConnections;
}
