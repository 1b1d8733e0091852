// The support inbox's words (app/routes/support-inbox.tsx, support-inbox_.$id.tsx), shared by the pages and the
// service that refuses, and the views of the list.
export const SUPPORT_INBOX_MESSAGES = {
  notFound: "This message was not found.",
  alreadyClosed: "This message is already closed.",
  alreadyOpen: "This message is already open.",
  closed: "The message was closed.",
  reopened: "The message was reopened.",
  assigned: "The message was assigned.",
  unassigned: "Nobody is assigned to the message now.",
  replied: "Your reply was sent to the sender by e-mail and added to the history.",
  repliedAndClosed: "Your reply was sent to the sender by e-mail and the message was closed.",
  notStaff: "Choose a member of the support team.",
  replyRequired: "Reply is required",
  assignmentChanged: (now: string) =>
    `Someone changed who answers this message while you were reading it: it is now ${now}. Look at the message again before you change it.`,
} as const;

/** The lists of the inbox: open messages, the open ones assigned to me, closed messages. */
export const SUPPORT_INBOX_VIEWS = ["open", "mine", "closed"] as const;
export type SupportInboxView = (typeof SUPPORT_INBOX_VIEWS)[number];

export function parseSupportInboxView(value: string | null): SupportInboxView {
  return value === "mine" || value === "closed" ? value : "open";
}

/** The address of a page of a view of the inbox. */
export function supportInboxUrl(view: SupportInboxView, page = 1): string {
  const query = new URLSearchParams();
  if (view !== "open") query.set("view", view);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `/support-inbox?${text}` : "/support-inbox";
}
