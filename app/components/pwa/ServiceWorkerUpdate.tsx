// Registers the service worker and, when a new version of the site has been installed, offers to switch to it:
// "A new version is available — Reload". Nothing reloads until the user presses Reload (the waiting worker takes
// over, then the page reloads under it). The status region is always present so screen readers announce the offer.
import { useEffect, useState, useSyncExternalStore } from "react";
import { applyUpdate, pwaServerSnapshot, pwaSnapshot, registerServiceWorker, subscribeToPwa } from "~/lib/pwa/register.ts";
import { pwaPrompt } from "./pwa-styles.ts";

export function ServiceWorkerUpdate() {
  const { updateWaiting } = useSyncExternalStore(subscribeToPwa, pwaSnapshot, pwaServerSnapshot);
  const [later, setLater] = useState(false);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    void registerServiceWorker();
  }, []);

  const shown = updateWaiting && !later;
  return (
    <div role="status" aria-live="polite">
      {shown ? (
        <div className={pwaPrompt.card}>
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
      ) : null}
    </div>
  );
}
