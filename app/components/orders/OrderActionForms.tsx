// The transitions the viewer may make on an order, each a plain POST form to /orders/{id} that works without
// JavaScript; errors from the server show beside the field they concern.
import { Button, Card, Field, Heading, HStack, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { INSPECTION_PERIOD_DAYS } from "~/lib/fees.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { ORDER_ACTION_LABELS, type OrderAction } from "~/lib/orders.ts";
import { FormErrors } from "~/components/forms/index.ts";
import { DISPUTE_FILE_ACCEPT } from "~/lib/disputes.ts";

export const ORDER_FORM_FIELDS = ["carrier", "trackingNumber", "reason", "note", "amountReceived", "valueDate", "refundAmount", "confirmed"] as const;
export type OrderFormField = (typeof ORDER_FORM_FIELDS)[number];

export function isOrderFormField(value: unknown): value is OrderFormField {
  return typeof value === "string" && (ORDER_FORM_FIELDS as readonly string[]).includes(value);
}

/** What the order action answers when it did not redirect. */
export interface OrderActionResult {
  intent: OrderAction | null;
  formError?: string;
  fieldErrors?: Partial<Record<OrderFormField, string>>;
}

export interface OrderFormsOrder {
  id: number;
  reference: string;
  amountCents: number;
  currency: string;
  auctionId: number | null;
  /** YYYY-MM-DD of the order's day: the earliest value date a payment may have. */
  createdOn?: string;
}

function ActionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Body gap="3">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function TextInput({
  name,
  label,
  error,
  formId,
  multiline,
  required,
  autoComplete,
  type,
  inputMode,
  hint,
}: {
  name: OrderFormField;
  label: string;
  error?: string;
  formId: string;
  multiline?: boolean;
  required?: boolean;
  autoComplete?: string;
  type?: "date" | "text";
  inputMode?: "decimal";
  hint?: string;
}) {
  const id = `${formId}-${name}`;
  const errorId = `${id}-error`;
  // The server checks required fields and answers beside them; the browser's own check would pre-empt that.
  const common = {
    id,
    name,
    required: false,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  };
  return (
    <Field.Root id={id} invalid={Boolean(error)} required={required} ids={{ errorText: errorId }}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {multiline ? <Textarea {...common} rows={3} /> : <Input {...common} type={type ?? "text"} inputMode={inputMode} autoComplete={autoComplete ?? "off"} />}
      {hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
      {error ? <Field.ErrorText id={errorId}>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** The "ask first" step of a money decision: a checkbox the server requires, so it works without JavaScript. */
function ConfirmBox({ formId, label, error }: { formId: string; label: string; error?: string }) {
  const id = `${formId}-confirmed`;
  const errorId = `${id}-error`;
  return (
    <Stack gap="1">
      <HStack asChild gap="2" align="start" cursor="pointer">
        <label htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            name="confirmed"
            value="on"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            style={{ marginTop: "0.3em" }}
          />
          <Text as="span">{label}</Text>
        </label>
      </HStack>
      {error ? (
        <Text id={errorId} color="fg.error" fontSize="sm">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

export function OrderActionForms({
  order,
  actions,
  result,
  returnTo,
}: {
  order: OrderFormsOrder;
  actions: OrderAction[];
  result?: OrderActionResult | null;
  returnTo?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (actions.length === 0) return null;
  const has = (action: OrderAction) => actions.includes(action);
  const errorsFor = (intents: OrderAction[]) => (result?.intent && intents.includes(result.intent) ? result : null);
  const action = `/orders/${order.id}`;
  const hidden = (intent?: OrderAction) => (
    <>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
    </>
  );
  const formError = (intents: OrderAction[]) => {
    const own = errorsFor(intents);
    return own?.formError ? <FormErrors errors={[own.formError]} /> : null;
  };
  const decision = errorsFor(["refund", "release"]);

  return (
    <Stack as="section" aria-labelledby="order-actions-heading" gap="3">
      <Heading as="h2" size="md" id="order-actions-heading">
        What you can do now
      </Heading>
      {result?.formError && !result.intent ? <FormErrors errors={[result.formError]} /> : null}

      {has("confirm_payment") ? (
        <ActionCard title="Confirm the payment">
          <Text>
            Confirm once the bank transfer of {formatExactPrice(order.amountCents, order.currency)} quoting {order.reference} has arrived. The funds are then
            held in escrow and the seller is told to ship.
          </Text>
          {formError(["confirm_payment"])}
          <Form method="post" action={action}>
            {hidden("confirm_payment")}
            <Stack gap="3">
              <HStack gap="3" align="start" wrap="wrap">
                <TextInput
                  formId="payment"
                  name="amountReceived"
                  label={`Amount received (${order.currency})`}
                  inputMode="decimal"
                  required
                  hint={`The order total is ${formatExactPrice(order.amountCents, order.currency)}.`}
                  error={errorsFor(["confirm_payment"])?.fieldErrors?.amountReceived}
                />
                <TextInput
                  formId="payment"
                  name="valueDate"
                  label="Value date"
                  type="date"
                  required
                  error={errorsFor(["confirm_payment"])?.fieldErrors?.valueDate}
                />
              </HStack>
              <ConfirmBox
                formId="payment"
                label={`I have checked the escrow account: this amount arrived quoting ${order.reference}.`}
                error={errorsFor(["confirm_payment"])?.fieldErrors?.confirmed}
              />
              <Button type="submit" colorPalette="blue" alignSelf="start" disabled={busy}>
                {ORDER_ACTION_LABELS.confirm_payment}
              </Button>
            </Stack>
          </Form>
        </ActionCard>
      ) : null}

      {has("ship") ? (
        <ActionCard title="Ship the item">
          <Text>The payment is in escrow. Ship the item, then add the carrier and tracking number so the buyer can follow it.</Text>
          {formError(["ship"])}
          <Form method="post" action={action}>
            {hidden("ship")}
            <Stack gap="3">
              <HStack gap="3" align="start" wrap="wrap">
                <TextInput formId="ship" name="carrier" label="Carrier" required error={errorsFor(["ship"])?.fieldErrors?.carrier} />
                <TextInput formId="ship" name="trackingNumber" label="Tracking number" required error={errorsFor(["ship"])?.fieldErrors?.trackingNumber} />
              </HStack>
              <Button type="submit" colorPalette="blue" alignSelf="start" disabled={busy}>
                {ORDER_ACTION_LABELS.ship}
              </Button>
            </Stack>
          </Form>
        </ActionCard>
      ) : null}

      {has("confirm_receipt") ? (
        <ActionCard title="Received the item?">
          <Text>Confirm that the item arrived and is as described. This completes the order and releases the payment to the seller.</Text>
          {formError(["confirm_receipt"])}
          <Form method="post" action={action}>
            {hidden("confirm_receipt")}
            <Stack gap="2" mb="3">
              <label>
                <input
                  type="checkbox"
                  name="confirmed"
                  value="yes"
                  aria-describedby={errorsFor(["confirm_receipt"])?.fieldErrors?.confirmed ? "confirm-receipt-error" : undefined}
                />{" "}
                The item arrived and is as described; release {formatExactPrice(order.amountCents, order.currency)} to the seller. This cannot be undone.
              </label>
              {errorsFor(["confirm_receipt"])?.fieldErrors?.confirmed ? (
                <Text id="confirm-receipt-error" color="fg.error" fontSize="sm">
                  {errorsFor(["confirm_receipt"])?.fieldErrors?.confirmed}
                </Text>
              ) : null}
            </Stack>
            <Button type="submit" colorPalette="green" disabled={busy}>
              {ORDER_ACTION_LABELS.confirm_receipt}
            </Button>
          </Form>
        </ActionCard>
      ) : null}

      {has("mark_delivered") ? (
        <ActionCard title="Has it arrived?">
          <Text>Mark the order delivered once the item has arrived. The buyer&apos;s {INSPECTION_PERIOD_DAYS}-day inspection period starts then.</Text>
          {formError(["mark_delivered"])}
          <Form method="post" action={`${action}/delivered`} encType="multipart/form-data">
            <Stack gap="2" mb="3">
              <label htmlFor="delivery-proof">Proof of delivery (a photo or the signed delivery note; required from the seller)</label>
              <input id="delivery-proof" type="file" name="proof" accept={DISPUTE_FILE_ACCEPT} />
            </Stack>
            <Button type="submit" variant="outline" colorPalette="blue" disabled={busy}>
              {ORDER_ACTION_LABELS.mark_delivered}
            </Button>
          </Form>
        </ActionCard>
      ) : null}

      {has("open_dispute") ? (
        <ActionCard title="Something wrong?">
          <Text>If the item has not arrived, or is not as described, open a dispute. The payment stays in escrow while Tradebench reviews it.</Text>
          {formError(["open_dispute"])}
          <Form method="post" action={action}>
            {hidden("open_dispute")}
            <Stack gap="3">
              <TextInput formId="dispute" name="reason" label="What is wrong?" multiline required error={errorsFor(["open_dispute"])?.fieldErrors?.reason} />
              <Button type="submit" colorPalette="red" variant="outline" alignSelf="start" disabled={busy}>
                {ORDER_ACTION_LABELS.open_dispute}
              </Button>
            </Stack>
          </Form>
        </ActionCard>
      ) : null}

      {has("refund") || has("release") ? (
        <ActionCard title="Decide the dispute">
          <Text>Explain the decision; both parties see the note. Refunding returns the payment to the buyer; releasing pays the seller.</Text>
          {formError(["refund", "release"])}
          <Form method="post" action={action}>
            {hidden()}
            <Stack gap="3">
              <TextInput formId="decision" name="note" label="Decision note" multiline required error={decision?.fieldErrors?.note} />
              {has("refund") ? (
                <TextInput
                  formId="decision"
                  name="refundAmount"
                  label={`Refund amount (${order.currency}, optional)`}
                  inputMode="decimal"
                  hint={`Empty refunds the whole ${formatExactPrice(order.amountCents, order.currency)}; a smaller amount refunds that part and releases the rest to the seller.`}
                  error={decision?.fieldErrors?.refundAmount}
                />
              ) : null}
              <ConfirmBox
                formId="decision"
                label="I have read both sides. This decision moves the money and cannot be undone."
                error={decision?.fieldErrors?.confirmed}
              />
              <HStack gap="3" wrap="wrap">
                {has("refund") ? (
                  <Button type="submit" name="intent" value="refund" colorPalette="orange" disabled={busy}>
                    {ORDER_ACTION_LABELS.refund}
                  </Button>
                ) : null}
                {has("release") ? (
                  <Button type="submit" name="intent" value="release" colorPalette="green" disabled={busy}>
                    {ORDER_ACTION_LABELS.release}
                  </Button>
                ) : null}
              </HStack>
            </Stack>
          </Form>
        </ActionCard>
      ) : null}

      {has("cancel") ? (
        <ActionCard title="Cancel the order">
          <Text>
            An order can be cancelled until it is paid.{" "}
            {order.auctionId === null
              ? "The item goes back on sale."
              : "The auction stays ended and is not re-run by itself; the listing waits as unsold until the seller relists it, sells it at a fixed price or ends it."}
          </Text>
          {formError(["cancel"])}
          <Form method="post" action={action}>
            {hidden("cancel")}
            <Stack gap="3">
              <TextInput formId="cancel" name="note" label="Reason (optional)" multiline error={errorsFor(["cancel"])?.fieldErrors?.note} />
              <Button type="submit" colorPalette="red" variant="outline" alignSelf="start" disabled={busy}>
                {ORDER_ACTION_LABELS.cancel}
              </Button>
            </Stack>
          </Form>
        </ActionCard>
      ) : null}
    </Stack>
  );
}
