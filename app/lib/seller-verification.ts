// Seller verification applications: the bounds and the words the form, the staff queue and the service
// share (client-safe). A seller applies from /profile/verification; staff holding can_manage_users decide at
// /admin/verifications; approval is the only way a seller becomes verified (docs/decisions/0076).

/** Documents per application: at least one, at most this many. */
export const VERIFICATION_MAX_DOCUMENTS = 5;
/** The largest document accepted, in bytes (10 MB). */
export const VERIFICATION_MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** The form field that carries the documents. */
export const VERIFICATION_DOCUMENT_FIELD = "documents";
/** What the file picker offers; the server checks the bytes, not the name. */
export const VERIFICATION_DOCUMENT_ACCEPT = "application/pdf,image/jpeg,image/png,image/webp";
/** Longest rejection reason. */
export const VERIFICATION_REASON_MAX = 1000;
/** Applications per page of the staff queue. */
export const VERIFICATION_QUEUE_PAGE_SIZE = 20;

export type VerificationStatus = "pending" | "approved" | "rejected";

export const VERIFICATION_STATUS_LABELS: Readonly<Record<VerificationStatus, string>> = {
  pending: "Waiting for review",
  approved: "Approved",
  rejected: "Rejected",
};

export const VERIFICATION_APPLICATION_MESSAGES = {
  companyRequired: "Enter the company's registered name",
  registrationRequired: "Enter the company registration number",
  countryRequired: "Enter the country of registration",
  addressRequired: "Enter the registered address",
  tooLong: "This is too long",
  documentsRequired: "Attach at least one document: the registration certificate and a proof of address",
  tooManyDocuments: `Attach at most ${VERIFICATION_MAX_DOCUMENTS} documents`,
  documentTooBig: `Each document must be at most ${VERIFICATION_MAX_DOCUMENT_BYTES / 1024 / 1024} MB`,
  documentType: "Documents must be PDF, JPEG, PNG or WebP files",
  onlySellers: "Only seller accounts can apply for verification.",
  alreadyVerified: "Your account is already verified.",
  alreadyPending: "Your application is waiting for review; you can apply again only if it is rejected.",
  submitted: "Your application is sent. Staff will review it and you will hear the decision by notification and e-mail.",
  notFound: "Verification application not found",
  notPending: "This application has already been decided.",
  reasonRequired: "Say why the application is rejected: the seller reads it",
  approved: "The application is approved; the seller is now verified.",
  rejected: "The application is rejected; the seller is told why and may apply again.",
  onlyByApproval: "A seller becomes verified only when staff approve their verification application (Admin → Verifications).",
} as const;
