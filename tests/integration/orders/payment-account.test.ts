// Where a buyer pays: the operator's escrow account when ESCROW_* are set; on the demo marketplace
// without them, plainly fictitious demo details labelled as such; on any other database, none (contact support).
import { afterEach, beforeEach, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { demoAccount } from "#db/seed/demo-accounts.ts";
import { DEMO_BANK_DETAILS_LABEL } from "~/lib/orders.ts";
import { DEMO_ESCROW_ACCOUNT, DEMO_MARKER_EMAIL, paymentAccount } from "~/services/orders/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let opened: OpenedDatabase;
beforeEach(() => {
  opened = createTestDatabase();
});
afterEach(() => opened.close());

const NO_ESCROW = { ESCROW_ACCOUNT_NAME: undefined, ESCROW_BANK_NAME: undefined, ESCROW_ACCOUNT_NUMBER: undefined, ESCROW_SWIFT: undefined };
const OPERATOR = {
  ESCROW_ACCOUNT_NAME: "Tradebench Escrow Ltd",
  ESCROW_BANK_NAME: "Example Bank",
  ESCROW_ACCOUNT_NUMBER: "GB00 1234",
  ESCROW_SWIFT: "EXAMGB2L",
};

it("shows no bank details on a marketplace that is not the demo, whatever SEED_DEMO says, until the operator sets them", async () => {
  await insertUserRow(opened.db, "real.buyer@example.com");
  expect(await paymentAccount(opened.db, { SEED_DEMO: true, ...NO_ESCROW })).toBeNull();
  expect(await paymentAccount(opened.db, { SEED_DEMO: false, ...NO_ESCROW })).toBeNull();
  // Three of four is not configured.
  expect(await paymentAccount(opened.db, { SEED_DEMO: false, ...OPERATOR, ESCROW_SWIFT: undefined })).toBeNull();
  expect(await paymentAccount(opened.db, { SEED_DEMO: false, ...OPERATOR })).toEqual({
    accountName: "Tradebench Escrow Ltd",
    bankName: "Example Bank",
    accountNumber: "GB00 1234",
    swift: "EXAMGB2L",
  });
});

it("gives the demo marketplace fictitious details marked as demo, and the operator's once configured", async () => {
  expect(DEMO_MARKER_EMAIL).toBe(demoAccount("buyer").email);
  await insertUserRow(opened.db, DEMO_MARKER_EMAIL);
  const demo = await paymentAccount(opened.db, { SEED_DEMO: true, ...NO_ESCROW });
  expect(demo).toEqual(DEMO_ESCROW_ACCOUNT);
  expect(demo).toMatchObject({ demo: true, accountNumber: expect.stringMatching(/^DEMO/), swift: expect.stringMatching(/^DEMO/) });
  expect(DEMO_BANK_DETAILS_LABEL).toBe("Demo bank details — not a real account");
  // SEED_DEMO off: the demo's data may be there, its bank details are not.
  expect(await paymentAccount(opened.db, { SEED_DEMO: false, ...NO_ESCROW })).toBeNull();
  // The operator's account wins over the demo's.
  expect(await paymentAccount(opened.db, { SEED_DEMO: true, ...OPERATOR })).toMatchObject({ accountName: "Tradebench Escrow Ltd" });
  expect((await paymentAccount(opened.db, { SEED_DEMO: true, ...OPERATOR }))?.demo).toBeUndefined();
});
