// Registers the service worker and, when a new version of the site has been installed, offers to switch to it:
// "A new version is available — Reload". Nothing reloads until the user presses Reload (the waiting worker takes
// over, then the page reloads under it). The status region appears with the offer (a page holds no empty status
// regions, so the page's own status messages stay the only ones).
import { useEffect, useState, useSyncExternalStore } from "react";
import { applyUpdate, pwaServerSnapshot, pwaSnapshot, registerServiceWorker, subscribeToPwa } from "~/components/pwa/register.ts";
import { pwaPrompt } from "./pwa-styles.ts";

export function ServiceWorkerUpdate() {
  const { updateWaiting } = useSyncExternalStore(subscribeToPwa, pwaSnapshot, pwaServerSnapshot);
  const [later, setLater] = useState(false);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    void registerServiceWorker();
  }, []);

  const shown = updateWaiting && !later;
  if (!shown) return null;
  return (
    <div role="status" aria-live="polite" className={pwaPrompt.card}>
      <p className={pwaPrompt.text}>
        A new version is available —{" "}
        <button
          type="button"
          className={pwaPrompt.primary}
          disabled={reloading}
          aria-busy={reloading || undefined}
          onClick={() => {
            setReloading(true);
            applyUpdate();
          }}
        >
          Reload
        </button>
      </p>
      <button type="button" className={pwaPrompt.secondary} onClick={() => setLater(true)}>
        Later
      </button>
    </div>
  );
}
