// The offline banner: while the browser has no connection, a line under the header says so and what still works.
// Rendered only while offline (a status region appears with its text), so online pages carry no extra live region.
import { OFFLINE_MESSAGES } from "~/lib/offline/messages.ts";
import { useOnline } from "~/lib/offline/online.ts";
import { offlineUi } from "./offline-styles.ts";

export function OfflineBanner({ signedIn }: { signedIn: boolean }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p role="status" className={offlineUi.banner} data-testid="offline-banner">
      {signedIn ? OFFLINE_MESSAGES.banner : OFFLINE_MESSAGES.bannerVisitor}
    </p>
  );
}
