// Live alerts for a signed-in member: when they are outbid, win, or an auction they bid on ends, a short alert
// appears on whatever page they are on (pushed over the shared live connection, app/components/live/use-live-auctions.ts).
import { Link as RemixLink } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { useLiveAuctions, type LiveNotification } from "~/components/live/use-live-auctions.ts";
import { staticClasses } from "~/lib/static-styles.ts";
import { TOUCH, TOUCH_TARGET } from "~/lib/touch.ts";
import { CloseIcon } from "./icons.tsx";

/** How long an alert stays unless the member closes it. */
const ALERT_MS = 10_000;
const MAX_ALERTS = 3;

const alerts = staticClasses("alerts", {
  region: {
    position: "fixed",
    insetInlineEnd: "4",
    bottom: "4",
    zIndex: "toast",
    display: "flex",
    flexDirection: "column",
    gap: "2",
    maxW: "calc(100vw - 2rem)",
    w: "sm",
    pointerEvents: "none",
  },
  alert: {
    pointerEvents: "auto",
    display: "flex",
    gap: "3",
    alignItems: "flex-start",
    bg: "bg.panel",
    borderWidth: "1px",
    borderInlineStartWidth: "4px",
    borderInlineStartColor: "blue.solid",
    rounded: "md",
    shadow: "lg",
    p: "3",
  },
  body: { flex: "1", minW: "0" },
  title: { fontWeight: "semibold", fontSize: "sm", color: "fg" },
  message: { fontSize: "sm", color: "fg.muted" },
  link: {
    fontSize: "sm",
    fontWeight: "medium",
    color: "blue.fg",
    textDecoration: "underline",
    [TOUCH]: { display: "inline-flex", alignItems: "center", minH: TOUCH_TARGET },
  },
  close: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    minW: "8",
    h: "8",
    rounded: "md",
    color: "fg.muted",
    _hover: { bg: "bg.muted" },
    _focusVisible: { outline: "2px solid", outlineColor: "blue.focusRing" },
    [TOUCH]: { minW: TOUCH_TARGET, h: TOUCH_TARGET },
  },
});

interface ShownAlert extends LiveNotification {
  key: number;
}

let nextKey = 1;

export function LiveAlerts() {
  const [shown, setShown] = useState<ShownAlert[]>([]);
  const dismiss = useCallback((key: number) => setShown((list) => list.filter((alert) => alert.key !== key)), []);
  const mode = useLiveAuctions({
    auctionIds: [],
    onNotification: (notification) => {
      const key = nextKey++;
      setShown((list) => [...list, { ...notification, key }].slice(-MAX_ALERTS));
    },
  });
  useEffect(() => {
    if (shown.length === 0) return;
    const oldest = shown[0]!;
    const timer = setTimeout(() => dismiss(oldest.key), ALERT_MS);
    return () => clearTimeout(timer);
  }, [shown, dismiss]);

  return (
    <div className={alerts.region} role="status" aria-live="polite" aria-label="Live alerts" data-live-mode={mode}>
      {shown.map((alert) => (
        <div key={alert.key} className={alerts.alert} data-testid="live-alert">
          <div className={alerts.body}>
            <p className={alerts.title}>{alert.title}</p>
            <p className={alerts.message}>{alert.message}</p>
            {alert.actionUrl ? (
              <RemixLink to={alert.actionUrl} className={alerts.link} onClick={() => dismiss(alert.key)}>
                View
              </RemixLink>
            ) : null}
          </div>
          <button type="button" className={alerts.close} aria-label="Dismiss alert" onClick={() => dismiss(alert.key)}>
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
