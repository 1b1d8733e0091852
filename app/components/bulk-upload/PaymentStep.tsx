// Step 3: the fee, exemption, promo code and total, or the wait for staff review; then import.
import { Alert, Box, Button, Card, Heading, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { Form } from "@remix-run/react";
import { BULK_MESSAGES } from "~/lib/bulk-import.ts";
import { formatExactPrice } from "~/lib/money.ts";
import type { BulkImportView, BulkPayment } from "~/services/bulk-import/index.server.ts";
import { ErrorBanner } from "./ErrorBanner.tsx";
import { IntentButton } from "./IntentButton.tsx";

/** The promo code the seller applied, as the action answered it. */
type AppliedPromo = { code: string; message: string; payment: BulkPayment };

export function PaymentStep({
  view,
  payment,
  applied,
  feeWaived,
  error,
  busy,
}: {
  view: BulkImportView;
  payment: BulkPayment;
  applied: AppliedPromo | null;
  feeWaived: boolean;
  error: string | null;
  busy: boolean;
}) {
  const shown = applied?.payment ?? payment;
  if (view.reviewState === "held") {
    return (
      <Card.Root>
        <Card.Body gap="3">
          <Heading as="h2" size="md">
            Waiting for staff review
          </Heading>
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{BULK_MESSAGES.heldForReview(shown.count)}</Alert.Title>
          </Alert.Root>
          <IntentButton importId={view.id} intent="back-to-upload" busy={busy}>
            Withdraw this import
          </IntentButton>
        </Card.Body>
      </Card.Root>
    );
  }
  return (
    <Card.Root>
      <Card.Body gap="4">
        <Heading as="h2" size="md">
          Payment & Import Summary
        </Heading>
        <Box as="dl" display="grid" gridTemplateColumns="auto auto" gap="2" maxW="md">
          <dt>Listings to import</dt>
          <dd>{shown.count}</dd>
          <dt>Fee per 25 items</dt>
          <dd>$5.00</dd>
          <dt>Fee</dt>
          <dd>{formatExactPrice(shown.feeCents)}</dd>
          {!feeWaived && shown.exemptionCents > 0 ? (
            <>
              <dt>Your fee exemption ({shown.feeExemptionPercent}%)</dt>
              <dd>−{formatExactPrice(shown.exemptionCents)}</dd>
            </>
          ) : null}
          <dt>Promo discount</dt>
          <dd>{shown.discountCents > 0 ? `−${formatExactPrice(shown.discountCents)}` : "—"}</dd>
          <dt>
            <strong>Total</strong>
          </dt>
          <dd data-testid="bulk-total">
            <strong>{formatExactPrice(shown.totalCents)}</strong>
          </dd>
        </Box>
        {feeWaived ? (
          <Text color="green.fg">{BULK_MESSAGES.adminsWaived}</Text>
        ) : (
          <Text fontSize="sm">The fee is added to your next payout statement; nothing is charged to a card.</Text>
        )}
        {applied ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>{applied.message}</Alert.Title>
          </Alert.Root>
        ) : null}
        <ErrorBanner message={error} />
        {!feeWaived && payment.totalCents > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="apply-promo" />
            <input type="hidden" name="importId" value={view.id} />
            <HStack align="end" gap="2" maxW="md">
              <Stack gap="1" flex="1">
                <label htmlFor="promo-code">Promo code</label>
                <Input id="promo-code" name="promoCode" defaultValue={applied?.code ?? ""} textTransform="uppercase" autoComplete="off" />
              </Stack>
              <Button type="submit" variant="outline" disabled={busy}>
                Apply
              </Button>
            </HStack>
          </Form>
        ) : null}
        <HStack gap="2" flexWrap="wrap">
          <IntentButton importId={view.id} intent="back-to-review" busy={busy}>
            Back to Preview
          </IntentButton>
          <Form method="post">
            <input type="hidden" name="intent" value="import" />
            <input type="hidden" name="importId" value={view.id} />
            <input type="hidden" name="promoCode" value={applied?.code ?? ""} />
            <Button type="submit" colorPalette="blue" loading={busy}>
              Import {shown.count} Listings
            </Button>
          </Form>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
