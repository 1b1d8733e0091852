// "Install app", shown only where the browser has offered installation (`beforeinstallprompt`, Chromium); pressing
// it opens the browser's own install dialog. "Not now" hides the offer on this device for 30 days.
import { useEffect, useState, useSyncExternalStore } from "react";
import { promptInstall, pwaServerSnapshot, pwaSnapshot, subscribeToPwa } from "~/components/pwa/register.ts";
import { pwaPrompt } from "./pwa-styles.ts";

const DISMISSED_KEY = "tradebench-install-dismissed-at";
const DISMISS_FOR_MS = 30 * 24 * 60 * 60 * 1000;

function dismissedRecently(): boolean {
  try {
    const at = Number(window.localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(at) && at > 0 && Date.now() - at < DISMISS_FOR_MS;
  } catch {
    return false;
  }
}

export function InstallButton() {
  const { installOffer } = useSyncExternalStore(subscribeToPwa, pwaSnapshot, pwaServerSnapshot);
  const [dismissed, setDismissed] = useState(true);

  // Read on the client only, so the server's HTML and the first client render agree.
  useEffect(() => setDismissed(dismissedRecently()), []);

  if (!installOffer || dismissed) return null;
  return (
    <div className={pwaPrompt.card}>
      <p className={pwaPrompt.text}>Install Tradebench for your watchlist and saved searches offline.</p>
      <div className={pwaPrompt.actions}>
        <button type="button" className={pwaPrompt.primary} onClick={() => void promptInstall()}>
          Install app
        </button>
        <button
          type="button"
          className={pwaPrompt.secondary}
          onClick={() => {
            setDismissed(true);
            try {
              window.localStorage.setItem(DISMISSED_KEY, String(Date.now()));
            } catch {
              // Storage unavailable: hidden for this page only.
            }
          }}
        >
          Not now
        </button>
      </div>
    </div>
  );
}
