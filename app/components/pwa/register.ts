// The browser side of the installable app: registering the service worker (/sw.js, built by scripts/build-pwa.mjs)
// through workbox-window, the "new version" signal for <ServiceWorkerUpdate>, and the browser's install offer for
// <InstallButton>. Client only; production builds only (Vite's dev server has no /sw.js, and a worker would keep
// serving stale modules during development). workbox-window is loaded on demand: it stays out of the first-load
// JavaScript, and out of the server (its CommonJS build has no named exports for Node).
import type { Workbox } from "workbox-window";

/** What Chromium passes with `beforeinstallprompt` (not in TypeScript's DOM library). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

export interface PwaState {
  /** A new service worker is installed and waiting for the user's go-ahead. */
  updateWaiting: boolean;
  /** The browser offered installation (`beforeinstallprompt`) and the offer has not been used yet. */
  installOffer: InstallPromptEvent | null;
}

const SERVER_STATE: PwaState = { updateWaiting: false, installOffer: null };
let state: PwaState = SERVER_STATE;
const listeners = new Set<() => void>();
let workbox: Workbox | null = null;

function setState(change: Partial<PwaState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore. */
export function subscribeToPwa(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const pwaSnapshot = (): PwaState => state;
export const pwaServerSnapshot = (): PwaState => SERVER_STATE;

/** True where a service worker may be registered: a production build in a browser that supports them. */
function serviceWorkerWanted(): boolean {
  return typeof window !== "undefined" && import.meta.env.PROD && "serviceWorker" in navigator;
}

let registering = false;

/** Registers /sw.js once per page load and watches for a new version waiting to take over. */
export async function registerServiceWorker(): Promise<void> {
  if (registering || !serviceWorkerWanted()) return;
  registering = true;
  try {
    const { Workbox } = await import("workbox-window");
    const created = new Workbox("/sw.js", { scope: "/" });
    workbox = created;
    // Fired for a version installed now and for one that was already waiting when the page loaded.
    created.addEventListener("waiting", () => setState({ updateWaiting: true }));
    await created.register();
  } catch {
    // Registration refused (private mode, a policy, a test that blocks workers) or the script could not load
    // (offline before it was cached): the site works without it.
  }
}

/** The user agreed: the waiting version takes over, then the page reloads under it. */
export function applyUpdate(): void {
  const current = workbox;
  if (!current) return;
  current.addEventListener("controlling", () => window.location.reload());
  current.messageSkipWaiting();
}

/** Shows the browser's install dialog; the offer can be used once. */
export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const offer = state.installOffer;
  if (!offer) return "unavailable";
  setState({ installOffer: null });
  await offer.prompt();
  const choice = await offer.userChoice;
  return choice.outcome;
}

// Chromium may offer installation before React hydrates, so the offer is caught as soon as this module loads.
if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    setState({ installOffer: event as InstallPromptEvent });
  });
  window.addEventListener("appinstalled", () => setState({ installOffer: null }));
}
