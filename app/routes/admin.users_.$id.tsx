// /admin/users/{id}: one member in the console: profile, role, fee exemption and suspension; their newest
// listings and orders; reports about and by them; their sign-in history. Staff who read members (can_view_users) see
// it; staff who manage members suspend and reinstate from here (an administrator's account: super administrators
// only; never one's own), with the rules and the audit row of the admin service. Once reinstated, the page lists the
// auctions the suspension cancelled, each with whether it can come back, and staff who manage members restore the ones
// they tick (as they were, or ending 1–30 days from now). The forms work without JavaScript.
import { Box, Button, Heading, HStack, Input, Link, SimpleGrid, Stack, Table, Text, Textarea } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminTable } from "~/components/admin/AdminTable.tsx";
import { RoleBadge } from "~/components/admin/MemberAdminParts.tsx";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { ADMIN_MESSAGES, ADMIN_USERS_READERS } from "~/lib/admin.ts";
import { MEMBER_MESSAGES, MEMBER_SUSPENDERS, RESTORE_END_DAYS, RESTORE_STATES, SUSPENSION_REASON_MAX_LENGTH } from "~/lib/admin-members.ts";
import { formatPrice } from "~/lib/money.ts";
import { MemberSuspensionSchema } from "~/schemas/admin-members.ts";
import {
  getMemberDetail,
  listSuspensionCancellations,
  mayActOnMember,
  memberAuthority,
  reinstateUser,
  restoreSuspensionCancellations,
  suspendUser,
} from "~/services/admin/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered, throwRefusal } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { dateTimeUtc, shortDate } from "~/components/admin/admin-dates.ts";

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: `${page ? page.member.email : "Member"} — Admin console — Tradebench` }];

/** Member ids are UUIDs; anything longer than this is no member's. */
const MEMBER_ID_MAX_LENGTH = 64;

function memberIdOf(params: { id?: string }): string {
  const id = params.id ?? "";
  if (id === "" || id.length > MEMBER_ID_MAX_LENGTH) throwRefusal(new DomainError("not_found", ADMIN_MESSAGES.userNotFound));
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, ADMIN_USERS_READERS);
  const id = memberIdOf(params);
  const member = await getMemberDetail(getDb(), id);
  if (!member) throwRefusal(new DomainError("not_found", ADMIN_MESSAGES.userNotFound));
  const canSuspend = mayActOnMember(await memberAuthority(getDb(), user.id), member);
  const cancellations = await listSuspensionCancellations(getDb(), id);
  return { member, canSuspend, cancellations };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, MEMBER_SUSPENDERS);
  const id = memberIdOf(params);
  const { submission } = await parseForm(request, MemberSuspensionSchema);
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return data({ ok: false as const, message: first ?? "Please check the form." }, { status: 400 });
  }
  return refusalsAnswered(
    async () => {
      if (submission.value.intent === "suspend") {
        const outcome = await suspendUser(getDb(), user.id, id, { reason: submission.value.reason });
        if (!outcome.changed) return { ok: true as const, message: MEMBER_MESSAGES.alreadySuspended };
        const auctions = outcome.auctionsCancelled > 0 ? ` ${MEMBER_MESSAGES.auctionsCancelled(outcome.auctionsCancelled)}` : "";
        return { ok: true as const, message: `${MEMBER_MESSAGES.suspended}${auctions}` };
      }
      if (submission.value.intent === "restore") {
        const outcome = await restoreSuspensionCancellations(getDb(), user.id, id, {
          auctionIds: submission.value.auctionId,
          endInDays: submission.value.endInDays ?? null,
        });
        if (outcome.restored.length === 0) return data({ ok: false as const, message: MEMBER_MESSAGES.nothingRestored }, { status: 409 });
        return { ok: true as const, message: MEMBER_MESSAGES.restored(outcome.restored.length) };
      }
      const outcome = await reinstateUser(getDb(), user.id, id);
      if (!outcome.changed) return { ok: true as const, message: MEMBER_MESSAGES.notSuspended };
      const restorable = (await listSuspensionCancellations(getDb(), id)).filter((entry) => entry.state === "restorable").length;
      return {
        ok: true as const,
        message: restorable > 0 ? `${MEMBER_MESSAGES.reinstated} ${MEMBER_MESSAGES.restoreOffer(restorable)}` : MEMBER_MESSAGES.reinstated,
      };
    },
    { as: (refusal) => ({ ok: false as const, message: refusal.message }) },
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box as="dd" m="0">
        {children}
      </Box>
    </Box>
  );
}

export default function AdminMemberPage() {
  const { member, canSuspend, cancellations } = useLoaderData<typeof loader>();
  const restorable = cancellations.filter((entry) => entry.state === "restorable");
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const name = `${member.firstName} ${member.lastName}`.trim() || ADMIN_MESSAGES.noName;
  return (
    <Stack gap="8">
      <Stack gap="1">
        <Link asChild fontSize="sm" textDecoration="underline">
          <RemixLink to="/admin/users">Back to Admin User Management</RemixLink>
        </Link>
        <Heading as="h1" size="2xl">
          {name}
        </Heading>
        <HStack gap="3" wrap="wrap">
          <RoleBadge role={member.role} />
          {member.suspension ? (
            <Text fontWeight="semibold" color="red.fg">
              Suspended
            </Text>
          ) : (
            <Text color="fg.muted">Active account</Text>
          )}
        </HStack>
      </Stack>

      {answer?.ok ? <FormSuccess>{answer.message}</FormSuccess> : null}
      <FormErrors errors={answer && !answer.ok ? [answer.message] : undefined} />

      <Box as="section" aria-labelledby="member-profile">
        <Heading as="h2" id="member-profile" size="lg" mb="3">
          Profile
        </Heading>
        <SimpleGrid as="dl" columns={{ base: 1, md: 3 }} gap="4">
          <Fact label="E-mail">
            {member.email} {member.emailConfirmed ? "(confirmed)" : "(not confirmed)"}
          </Fact>
          <Fact label="Company">{member.companyName || "—"}</Fact>
          <Fact label="Phone">{member.phone || "—"}</Fact>
          <Fact label="Location">{member.location || "—"}</Fact>
          <Fact label="Fee exemption">{member.feeExemption}%</Fact>
          <Fact label="Verified seller">{member.isVerified ? "Yes" : "No"}</Fact>
          <Fact label="Joined">{shortDate.format(new Date(member.createdAt))}</Fact>
          <Fact label="Last updated">{shortDate.format(new Date(member.updatedAt))}</Fact>
          <Fact label="Last role change">{member.lastRoleChange ? shortDate.format(new Date(member.lastRoleChange)) : "—"}</Fact>
        </SimpleGrid>
        <Text mt="3" fontSize="sm">
          Role and fee exemption are changed on{" "}
          <Link asChild textDecoration="underline">
            <RemixLink to={`/admin/users?q=${encodeURIComponent(member.email)}`}>Admin User Management</RemixLink>
          </Link>
          .
        </Text>
      </Box>

      <Box as="section" aria-labelledby="member-suspension">
        <Heading as="h2" id="member-suspension" size="lg" mb="3">
          Suspension
        </Heading>
        {member.suspension ? (
          <Text>
            Suspended since {dateTimeUtc.format(new Date(member.suspension.since))}
            {member.suspension.byEmail ? ` by ${member.suspension.byEmail}` : ""}.{" "}
            {member.suspension.reason ? `Reason: ${member.suspension.reason}` : "No reason was given."}
          </Text>
        ) : (
          <Text>This member can sign in, bid, list, make offers and buy.</Text>
        )}
        {canSuspend ? (
          <Form method="post">
            <Stack gap="3" mt="3" maxW="xl">
              {member.suspension ? (
                <>
                  <input type="hidden" name="intent" value="reinstate" />
                  <Button type="submit" alignSelf="start" colorPalette="green" disabled={busy}>
                    Reinstate account
                  </Button>
                </>
              ) : (
                <>
                  <input type="hidden" name="intent" value="suspend" />
                  <label htmlFor="suspension-reason">Reason (kept in the audit log)</label>
                  <Textarea id="suspension-reason" name="reason" rows={3} maxLength={SUSPENSION_REASON_MAX_LENGTH} />
                  <Text fontSize="sm" color="fg.muted">
                    Suspending signs the member out everywhere at once. They cannot sign in, bid, list, make offers or buy until reinstated, and their live
                    auctions are cancelled with the bidders told.
                  </Text>
                  <Button type="submit" alignSelf="start" colorPalette="red" disabled={busy}>
                    Suspend account
                  </Button>
                </>
              )}
            </Stack>
          </Form>
        ) : null}
      </Box>

      {cancellations.length > 0 ? (
        <Box as="section" aria-labelledby="member-cancelled-auctions">
          <Heading as="h2" id="member-cancelled-auctions" size="lg" mb="3">
            Auctions the suspension cancelled
          </Heading>
          <Text mb="3">
            An auction that had no bids and whose end has not passed can come back as it was, or ending on a new date. The others stay cancelled; the seller can
            relist an ended one from their listings.
          </Text>
          <Form method="post">
            <input type="hidden" name="intent" value="restore" />
            <AdminTable
              label="Auctions the suspension cancelled"
              caption={<>{cancellations.length} cancelled by the latest suspension</>}
              columns={["Restore", "Listing", "Before", "Ends", "State"]}
            >
              {cancellations.map((entry) => (
                <Table.Row key={entry.auctionId}>
                  <Table.Cell>
                    {entry.state === "restorable" && canSuspend ? (
                      <input type="checkbox" name="auctionId" value={entry.auctionId} defaultChecked aria-label={`Restore the auction for ${entry.title}`} />
                    ) : (
                      "—"
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Link asChild textDecoration="underline">
                      <RemixLink to={`/auctions/${entry.auctionId}`}>{entry.title}</RemixLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{entry.previousStatus}</Table.Cell>
                  <Table.Cell>{dateTimeUtc.format(new Date(entry.endDate))}</Table.Cell>
                  <Table.Cell>{RESTORE_STATES[entry.state]}</Table.Cell>
                </Table.Row>
              ))}
            </AdminTable>
            {canSuspend && restorable.length > 0 ? (
              <Stack gap="3" mt="3" maxW="xl">
                <label htmlFor="restore-end-days">
                  New end, in days from now ({RESTORE_END_DAYS.min}–{RESTORE_END_DAYS.max}; leave empty to keep each auction&apos;s end)
                </label>
                <Input id="restore-end-days" name="endInDays" type="number" min={RESTORE_END_DAYS.min} max={RESTORE_END_DAYS.max} step={1} maxW="40" />
                <Button type="submit" alignSelf="start" colorPalette="green" disabled={busy}>
                  Restore the ticked auctions
                </Button>
              </Stack>
            ) : null}
          </Form>
        </Box>
      ) : null}

      <Box as="section" aria-labelledby="member-reports">
        <Heading as="h2" id="member-reports" size="lg" mb="3">
          Reports
        </Heading>
        <SimpleGrid as="dl" columns={{ base: 1, md: 3 }} gap="4">
          <Fact label="Reports of their listings">
            {member.reports.listingReportsOpen} open of {member.reports.listingReportsTotal}
          </Fact>
          <Fact label="Fraud reports about them">
            {member.reports.fraudReportsPending} pending of {member.reports.fraudReportsTotal}
          </Fact>
          <Fact label="Reports they filed">{member.reports.filed}</Fact>
        </SimpleGrid>
      </Box>

      <Box as="section" aria-labelledby="member-listings">
        <Heading as="h2" id="member-listings" size="lg" mb="3">
          Listings ({member.listings.total})
        </Heading>
        {member.listings.rows.length === 0 ? (
          <Text>No listings found</Text>
        ) : (
          <AdminTable
            label="Their listings"
            caption={
              <>
                Newest {member.listings.rows.length} of {member.listings.total}
              </>
            }
            columns={["Title", "Status", "Price", "Listed"]}
          >
            {member.listings.rows.map((listing) => (
              <Table.Row key={listing.id}>
                <Table.Cell>
                  <Link asChild textDecoration="underline">
                    <RemixLink to={`/listings/${listing.id}`}>{listing.title}</RemixLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>{listing.status}</Table.Cell>
                <Table.Cell>{formatPrice(listing.priceCents, listing.currency)}</Table.Cell>
                <Table.Cell>{shortDate.format(new Date(listing.createdAt))}</Table.Cell>
              </Table.Row>
            ))}
          </AdminTable>
        )}
      </Box>

      <Box as="section" aria-labelledby="member-orders">
        <Heading as="h2" id="member-orders" size="lg" mb="3">
          Orders ({member.orders.total})
        </Heading>
        {member.orders.rows.length === 0 ? (
          <Text>No orders yet.</Text>
        ) : (
          <AdminTable
            label="Their orders"
            caption={
              <>
                Newest {member.orders.rows.length} of {member.orders.total}, as buyer or seller
              </>
            }
            columns={["Order", "Item", "As", "Status", "Amount", "Date"]}
          >
            {member.orders.rows.map((order) => (
              <Table.Row key={order.id}>
                <Table.Cell>
                  <Link asChild textDecoration="underline">
                    <RemixLink to={`/orders/${order.id}`}>{order.reference}</RemixLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>{order.title}</Table.Cell>
                <Table.Cell>{order.side === "buyer" ? "Buyer" : "Seller"}</Table.Cell>
                <Table.Cell>{order.status}</Table.Cell>
                <Table.Cell>{formatPrice(order.amountCents, order.currency)}</Table.Cell>
                <Table.Cell>{shortDate.format(new Date(order.createdAt))}</Table.Cell>
              </Table.Row>
            ))}
          </AdminTable>
        )}
      </Box>

      <Box as="section" aria-labelledby="member-sign-ins">
        <Heading as="h2" id="member-sign-ins" size="lg" mb="3">
          Sign-in history ({member.signIns.total})
        </Heading>
        {member.signIns.rows.length === 0 ? (
          <Text>No sign-ins recorded.</Text>
        ) : (
          <AdminTable
            label="Their sign-ins"
            caption={
              <>
                Newest {member.signIns.rows.length} of {member.signIns.total}
              </>
            }
            columns={["When", "Address", "Browser"]}
          >
            {member.signIns.rows.map((signIn, index) => (
              <Table.Row key={`${signIn.at}-${index}`}>
                <Table.Cell>{dateTimeUtc.format(new Date(signIn.at))}</Table.Cell>
                <Table.Cell>{signIn.ip ?? "—"}</Table.Cell>
                <Table.Cell>{signIn.userAgent ?? "—"}</Table.Cell>
              </Table.Row>
            ))}
          </AdminTable>
        )}
      </Box>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
