// /notifications: the signed-in member's notifications, newest first, paged, with an All/Unread filter; mark one read,
// mark all read and delete are plain POST forms (they work without JavaScript). The header bell's "Mark all as read"
// posts here too, and so does following an unread notification's link here or in the bell (it marks it read).
import { Badge, Box, Button, Container, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useFetcher, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { NotificationTypeIcon } from "~/components/NotificationTypeIcon.tsx";
import { useNow } from "~/components/use-now.ts";
import { getDb } from "~/db.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { formatRelativeTime } from "~/lib/relative-time.ts";
import { safeRedirect } from "~/schemas/fields.ts";
import { NOTIFICATION_MESSAGES, NotificationActionSchema, notificationsUrl, parseNotificationFilter, type NotificationIntent } from "~/schemas/notification.ts";
import { parsePage } from "~/schemas/order.ts";
import { requireUser } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import {
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type InboxNotification,
} from "~/services/notifications/index.server.ts";

export const meta: MetaFunction = () => [{ title: "Notifications — Tradebench" }];

const DONE_MESSAGES: Record<NotificationIntent, string> = {
  "mark-read": NOTIFICATION_MESSAGES.markedRead,
  "mark-all-read": NOTIFICATION_MESSAGES.allRead,
  delete: NOTIFICATION_MESSAGES.deleted,
};

function isIntent(value: string | null): value is NotificationIntent {
  return value !== null && Object.hasOwn(DONE_MESSAGES, value);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const filter = parseNotificationFilter(params.get("filter"));
  const list = await listNotifications(getDb(), user.id, { filter, page: parsePage(params.get("page")) });
  const done = params.get("done");
  return { ...list, done: isIntent(done) ? DONE_MESSAGES[done] : null, now: new Date().toISOString() };
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission, fields: form } = await parseForm(request, NotificationActionSchema);
  const user = await requireUser(request);
  if (submission.status !== "success") return data({ ok: false, formError: NOTIFICATION_MESSAGES.unknownIntent }, { status: 400 });
  const db = getDb();
  const command = submission.value;
  // Not the member's notification (or nobody's): the form's message, with the refusal's status (404).
  return refusalsAnswered(
    async () => {
      if (command.intent === "mark-all-read") await markAllNotificationsRead(db, user.id);
      else if (command.intent === "mark-read") await markNotificationRead(db, user.id, command.id);
      else await deleteNotification(db, user.id, command.id);
      // The bell answers through a fetcher; plain forms go back to where they were.
      if (form.get("js") === "1") return { ok: true, formError: null, message: DONE_MESSAGES[command.intent] };
      const returnTo = form.get("returnTo");
      if (returnTo !== null) throw redirect(safeRedirect(returnTo, "/notifications"));
      const params = new URL(request.url).searchParams;
      const back = notificationsUrl(parseNotificationFilter(params.get("filter")), parsePage(params.get("page")));
      throw redirect(`${back}${back.includes("?") ? "&" : "?"}done=${command.intent}`);
    },
    { as: (refusal) => ({ ok: false, formError: refusal.message }) },
  );
}

function IntentForm({ intent, id, label, children, busy }: { intent: NotificationIntent; id?: number; label?: string; children: ReactNode; busy: boolean }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      <Button
        type="submit"
        size="xs"
        variant={intent === "delete" ? "ghost" : "outline"}
        colorPalette={intent === "delete" ? "red" : "gray"}
        disabled={busy}
        aria-label={label}
      >
        {children}
      </Button>
    </Form>
  );
}

function NotificationRow({ notification, now, busy }: { notification: InboxNotification; now: number; busy: boolean }) {
  const { id, type, title, message, actionUrl, isRead, createdAt } = notification;
  // Following an unread notification's link marks it read beside the navigation (fetchers persist past the page).
  const markRead = useFetcher();
  const openNotification = () => {
    if (!isRead) markRead.submit({ intent: "mark-read", id: String(id), js: "1" }, { method: "post", action: "/notifications" });
  };
  const heading = (
    <Text as="span" fontWeight={isRead ? "medium" : "bold"}>
      {title}
    </Text>
  );
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="4" bg={isRead ? "bg" : "bg.subtle"} data-read={isRead}>
      <HStack align="start" gap="3" wrap="wrap">
        <NotificationTypeIcon type={type} />
        {/* On phones the buttons move under the text. */}
        <Stack gap="1" flex="1 1 14rem" minW="0">
          <HStack gap="2" wrap="wrap">
            {actionUrl ? (
              <Link asChild colorPalette="blue" color="colorPalette.fg">
                <RemixLink to={actionUrl} onClick={openNotification}>
                  {heading}
                </RemixLink>
              </Link>
            ) : (
              heading
            )}
            {isRead ? null : (
              <Badge colorPalette="blue" variant="solid" size="sm">
                Unread
              </Badge>
            )}
          </HStack>
          <Text color="fg.muted" fontSize="sm">
            {message}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            <time dateTime={createdAt}>{formatRelativeTime(createdAt, now)}</time>
          </Text>
        </Stack>
        <HStack gap="2" flexShrink="0" wrap="wrap" justify="end" ms="auto">
          {isRead ? null : (
            <IntentForm intent="mark-read" id={id} busy={busy} label={`Mark as read: ${title}`}>
              Mark as read
            </IntentForm>
          )}
          <IntentForm intent="delete" id={id} busy={busy} label={`Delete: ${title}`}>
            Delete
          </IntentForm>
        </HStack>
      </HStack>
    </Box>
  );
}

export default function NotificationsPage() {
  const { items, filter, page, totalPages, total, unreadCount, done, now: serverNow } = useLoaderData<typeof loader>();
  const now = useNow(serverNow);
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting";
  const tabs = [
    { filter: "all" as const, label: "All" },
    { filter: "unread" as const, label: `Unread (${unreadCount})` },
  ];
  return (
    <Container maxW="4xl" py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Notifications
          </Heading>
          <Text color="fg.muted">{unreadCount === 0 ? "You are all caught up." : `${unreadCount} unread`}</Text>
        </Stack>
        {done ? (
          <Box
            role="status"
            aria-label="Notifications status"
            key={location.key}
            borderWidth="1px"
            borderColor="green.muted"
            bg="green.subtle"
            color="green.fg"
            rounded="md"
            px="4"
            py="3"
          >
            {done}
          </Box>
        ) : null}
        <HStack justify="space-between" wrap="wrap" gap="3">
          <nav aria-label="Notification filter">
            <HStack as="ul" gap="2" listStyleType="none">
              {tabs.map((tab) => (
                <li key={tab.filter}>
                  <Button asChild size="sm" variant={tab.filter === filter ? "solid" : "outline"} colorPalette="blue">
                    <RemixLink to={notificationsUrl(tab.filter)} aria-current={tab.filter === filter ? "page" : undefined}>
                      {tab.label}
                    </RemixLink>
                  </Button>
                </li>
              ))}
            </HStack>
          </nav>
          {unreadCount > 0 ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="mark-all-read" />
              <Button type="submit" size="sm" variant="outline" disabled={busy}>
                Mark all as read
              </Button>
            </Form>
          ) : null}
        </HStack>
        {items.length === 0 ? (
          <Box borderWidth="1px" rounded="md" p="6">
            <Text>{filter === "unread" && total === 0 ? NOTIFICATION_MESSAGES.emptyUnread : NOTIFICATION_MESSAGES.empty}</Text>
          </Box>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" aria-label={filter === "unread" ? "Unread notifications" : "All notifications"}>
            {items.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} now={now} busy={busy} />
            ))}
          </Stack>
        )}
        <Pagination page={page} totalPages={totalPages} hrefFor={(p) => notificationsUrl(filter, p)} />
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
