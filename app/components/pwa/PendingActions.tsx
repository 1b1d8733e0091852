// What is waiting to sync: changes made offline (watch, unwatch, notes, saved searches) with their count, each
// with why it has not gone yet; and, once, the changes the server could not apply. Shown only when there is
// something to show; refreshed whenever the offline copies change (here or in another tab).
import { useEffect, useState } from "react";
import { onOfflineChange, openOfflineDb, type OfflineNotice } from "~/lib/offline/offline-db.ts";
import { dismissNotice, pendingActions, readNotices, type PendingAction } from "~/lib/offline/outbox.ts";
import { requestOfflineSync } from "~/lib/offline/offline-sync.ts";
import { useOnline } from "~/lib/offline/online.ts";
import { classNames, shell } from "../shell-styles.ts";
import { offlineUi } from "./offline-styles.ts";

function pendingCountText(count: number): string {
  return count === 1 ? "1 change waiting to sync" : `${count} changes waiting to sync`;
}

export function PendingActions() {
  const online = useOnline();
  const [pending, setPending] = useState<PendingAction[]>([]);
  const [notices, setNotices] = useState<OfflineNotice[]>([]);

  useEffect(() => {
    let current = true;
    const load = async () => {
      try {
        const db = await openOfflineDb();
        const [actions, unread] = await Promise.all([pendingActions(db), readNotices(db)]);
        if (!current) return;
        setPending(actions);
        setNotices(unread);
      } catch {
        // No IndexedDB (private mode in some browsers): nothing can be pending.
      }
    };
    void load();
    const stop = onOfflineChange((kind) => {
      // Wiped (sign-out): nothing is left, and opening the database again would only create it anew.
      if (kind === "wiped") {
        setPending([]);
        setNotices([]);
      } else void load();
    });
    return () => {
      current = false;
      stop();
    };
  }, []);

  if (pending.length === 0 && notices.length === 0) return null;

  async function dismiss(id: string) {
    setNotices((shown) => shown.filter((notice) => notice.id !== id));
    await dismissNotice(await openOfflineDb(), id).catch(() => {});
  }

  return (
    <section aria-label="Changes waiting to sync" className={offlineUi.pending} data-testid="pending-actions">
      <div className={classNames(shell.container, offlineUi.pendingInner)}>
        {notices.map((notice) => (
          <p key={notice.id} role="alert" className={offlineUi.notice}>
            <span>{notice.text}</span>
            <button type="button" className={offlineUi.button} onClick={() => void dismiss(notice.id)}>
              Dismiss
            </button>
          </p>
        ))}
        {pending.length > 0 ? (
          <div className={offlineUi.pendingRow}>
            <details>
              <summary className={offlineUi.summary}>{pendingCountText(pending.length)}</summary>
              <ul className={offlineUi.list}>
                {pending.map((entry) => (
                  <li key={entry.action.id}>
                    {entry.description}
                    {entry.lastError ? <span className={offlineUi.muted}> — {entry.lastError}</span> : null}
                  </li>
                ))}
              </ul>
            </details>
            {online ? (
              <button type="button" className={offlineUi.button} onClick={requestOfflineSync}>
                Sync now
              </button>
            ) : (
              <span className={offlineUi.muted}>They will be sent when you reconnect.</span>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}
