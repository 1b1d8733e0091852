// One icon and colour per notification type (docs/product/alerts.md#notifications: "Each type has its own icon colour"), for the header bell
// and /notifications. Static classes: the bell is on every signed-in page.
import type { ComponentType } from "react";
import type { NotificationType } from "~/lib/notification-types.ts";
import { staticClasses } from "~/lib/static-styles.ts";
import {
  AlertIcon,
  CardIcon,
  ClockIcon,
  EyeIcon,
  GavelIcon,
  InfoIcon,
  MessageIcon,
  PriceDropIcon,
  SearchIcon,
  TagIcon,
  TrophyIcon,
  TruckIcon,
} from "./icons.tsx";

const PALETTES = ["blue", "green", "gray", "orange", "purple", "teal", "cyan", "pink", "red", "yellow"] as const;
type Palette = (typeof PALETTES)[number];

const badge = (palette: Palette) => ({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flexShrink: "0",
  w: "8",
  h: "8",
  rounded: "full",
  bg: `${palette}.subtle`,
  color: `${palette}.fg`,
  "& svg": { width: "18px", height: "18px" },
});

const typeIcon = staticClasses(
  "notice-type",
  Object.fromEntries(PALETTES.map((palette) => [palette, badge(palette)])) as Record<Palette, ReturnType<typeof badge>>,
);

const LOOKS: Record<NotificationType, { palette: Palette; Icon: ComponentType }> = {
  bid: { palette: "orange", Icon: GavelIcon },
  auction_won: { palette: "green", Icon: TrophyIcon },
  auction_ended: { palette: "gray", Icon: ClockIcon },
  auction_update: { palette: "yellow", Icon: ClockIcon },
  message: { palette: "blue", Icon: MessageIcon },
  listing_sold: { palette: "teal", Icon: TagIcon },
  payment: { palette: "purple", Icon: CardIcon },
  shipping: { palette: "cyan", Icon: TruckIcon },
  dispute: { palette: "red", Icon: AlertIcon },
  price_drop: { palette: "pink", Icon: PriceDropIcon },
  watchlist_update: { palette: "blue", Icon: EyeIcon },
  saved_search: { palette: "purple", Icon: SearchIcon },
  offer: { palette: "green", Icon: TagIcon },
  review: { palette: "yellow", Icon: MessageIcon },
  followed_seller: { palette: "blue", Icon: TagIcon },
  fraud: { palette: "red", Icon: AlertIcon },
  system: { palette: "gray", Icon: InfoIcon },
  other: { palette: "gray", Icon: InfoIcon },
};

/** The type's icon in its colour; decorative (the notification's title says what it is). */
export function NotificationTypeIcon({ type }: { type: NotificationType }) {
  const { palette, Icon } = LOOKS[type] ?? LOOKS.other;
  return (
    <span className={typeIcon[palette]} data-notification-type={type} aria-hidden="true">
      <Icon />
    </span>
  );
}
