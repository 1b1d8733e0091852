// The house's form of a sale event's terms: title, Markdown description, location, inspection and pickup, terms, the
// schedule (opening, first close T, interval Δ, soft-close window, extension cap), approval, deposit, buyer's premium
// and refund days. One form for /seller/sale-events/new and the editor; works without JavaScript.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Button, Fieldset, SimpleGrid, Stack } from "@chakra-ui/react";
import { Form } from "@remix-run/react";
import { CheckboxField, FormErrors, SelectField, TextareaField, TextField } from "~/components/forms/index.ts";
import { CLOSE_INTERVAL_SECONDS, EVENT_EXTENSION_CAP_MINUTES, EVENT_SOFT_CLOSE_SECONDS } from "~/lib/sale-events.ts";
import { SALE_EVENT_EDITOR_LIMITS as LIMITS, SaleEventTermsSchema } from "~/schemas/sale-event-editor.ts";

const DEPOSIT_OPTIONS = [
  { value: "none", label: "No deposit" },
  { value: "fixed", label: "A fixed amount" },
  { value: "percent", label: "A percentage of the bidder's requested limit" },
];

export type TermsDefaults = Record<string, string | undefined> & { approvalRequired?: string };

export function SaleEventTermsForm({
  id,
  lastResult,
  defaults,
  submitLabel,
  busy,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaults: TermsDefaults;
  submitLabel: string;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SaleEventTermsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="details" />
      <Stack gap="5">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.title} label="Title" maxLength={LIMITS.title} required />
        <TextareaField meta={fields.description} label="Description" helper="Markdown: **bold**, lists, links." rows={6} maxLength={LIMITS.description} />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <TextField meta={fields.location} label="Location" maxLength={LIMITS.location} />
          <TextField meta={fields.inspection} label="Inspection dates" maxLength={LIMITS.dates} />
          <TextField meta={fields.pickup} label="Pickup dates" maxLength={LIMITS.dates} />
        </SimpleGrid>
        <TextareaField meta={fields.terms} label="Terms of sale" rows={4} maxLength={LIMITS.terms} />
        <Fieldset.Root>
          <Fieldset.Legend>Schedule (UTC)</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField meta={fields.startsAt} type="datetime-local" label="Bidding opens" required />
            <TextField meta={fields.firstCloseAt} type="datetime-local" label="Lot 1 closes (T)" required />
            <TextField
              meta={fields.closeIntervalSeconds}
              type="number"
              label="Seconds between lots' closes (Δ)"
              min={CLOSE_INTERVAL_SECONDS.min}
              max={CLOSE_INTERVAL_SECONDS.max}
              helper="30 seconds to 10 minutes; lot N closes at T + (N − 1)·Δ."
            />
            <TextField
              meta={fields.softCloseSeconds}
              type="number"
              label="Soft-close window (seconds)"
              min={EVENT_SOFT_CLOSE_SECONDS.min}
              max={EVENT_SOFT_CLOSE_SECONDS.max}
            />
            <TextField
              meta={fields.extensionCapMinutes}
              type="number"
              label="Extension cap (minutes)"
              min={EVENT_EXTENSION_CAP_MINUTES.min}
              max={EVENT_EXTENSION_CAP_MINUTES.max}
            />
          </SimpleGrid>
        </Fieldset.Root>
        <CheckboxField
          name={fields.approvalRequired.name}
          label="Bidders need my approval"
          defaultChecked={defaults.approvalRequired === "on"}
          errors={fields.approvalRequired.errors}
        />
        <Fieldset.Root>
          <Fieldset.Legend>Deposit and buyer&apos;s premium</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField meta={fields.depositKind} label="Deposit" options={DEPOSIT_OPTIONS} />
            <TextField meta={fields.depositFixed} label="Fixed deposit (USD)" inputMode="decimal" />
            <TextField meta={fields.depositPercent} label="Deposit (% of requested limit)" inputMode="decimal" />
            <TextField meta={fields.depositRefundDays} type="number" label="Deposit refunded within (days)" min={0} max={365} />
            <TextField meta={fields.premiumPercent} label="Buyer's premium (%)" inputMode="decimal" />
            <TextField meta={fields.premiumMin} label="Premium minimum per lot (USD)" inputMode="decimal" />
            <TextField meta={fields.premiumMax} label="Premium maximum per lot (USD)" inputMode="decimal" />
          </SimpleGrid>
        </Fieldset.Root>
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </Form>
  );
}
