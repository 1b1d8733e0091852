// The support inbox's words (app/routes/support-inbox.tsx), shared by the page and the service that refuses.
export const SUPPORT_INBOX_MESSAGES = {
  notFound: "This message was not found.",
  alreadyClosed: "This message is already closed.",
  closed: "The message was closed.",
} as const;
