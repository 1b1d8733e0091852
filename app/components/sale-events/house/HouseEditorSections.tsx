// The editor page's sections: status and links, the terms (all of them before opening; the description alone
// after, said plainly), the catalogue, adding lots, the CSV upload, publishing and cancelling.
import type { SubmissionResult } from "@conform-to/react";
import { Alert, Badge, Box, Button, Heading, HStack, Link, Stack, Textarea } from "@chakra-ui/react";
import { Form, Link as RemixLink } from "@remix-run/react";
import { SALE_EVENT_HOUSE_MESSAGES } from "~/lib/sale-event-house.ts";
import { hasOpened } from "~/lib/sale-events.ts";
import { SALE_EVENT_EDITOR_LIMITS } from "~/schemas/sale-event-editor.ts";
import { HouseEventActions } from "./HouseEventActions.tsx";
import { HouseLotList, type HouseLot } from "./HouseLotList.tsx";
import { HouseLotPicker, HouseLotsCsvForm, type Candidate } from "./HouseLotPicker.tsx";
import { STATUS_LABELS, type SaleEventViewData } from "./house-types.ts";
import { SaleEventTermsForm } from "./SaleEventTermsForm.tsx";
import { termsDefaultsOf } from "./terms-defaults.ts";

interface Answer {
  intent: string;
  message: string;
  result?: SubmissionResult<string[]>;
  problems: Array<{ line: number; message: string }>;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h2" size="lg" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

export function HouseEditorSections({
  event,
  lots,
  candidates,
  answer,
  busy,
}: {
  event: SaleEventViewData;
  lots: HouseLot[];
  candidates: Candidate[];
  answer: Answer | undefined;
  busy: boolean;
}) {
  const opened = hasOpened(event.status);
  const frozen = opened || event.status === "cancelled";
  return (
    <Stack gap="8">
      <HStack gap="3" wrap="wrap">
        <Badge size="lg">{STATUS_LABELS[event.status]}</Badge>
        <Link asChild colorPalette="blue" textDecoration="underline">
          <RemixLink to={`/seller/sale-events/${event.id}/bidders`}>Bidders</RemixLink>
        </Link>
        <Link asChild colorPalette="blue" textDecoration="underline">
          <RemixLink to="/seller/sale-events">All your sale events</RemixLink>
        </Link>
      </HStack>
      <Section title="Terms">
        {opened ? (
          <Stack gap="3">
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>{SALE_EVENT_HOUSE_MESSAGES.descriptionOnly}</Alert.Title>
            </Alert.Root>
            <Form method="post">
              <input type="hidden" name="intent" value="description" />
              <label htmlFor="event-description">Description (Markdown)</label>
              <Textarea id="event-description" name="description" rows={6} defaultValue={event.description} maxLength={SALE_EVENT_EDITOR_LIMITS.description} />
              <Button type="submit" mt="2" colorPalette="blue" loading={busy}>
                Save description
              </Button>
            </Form>
          </Stack>
        ) : event.status === "cancelled" ? null : (
          <SaleEventTermsForm
            id={`sale-event-${event.id}`}
            lastResult={answer?.intent === "details" ? answer.result : undefined}
            defaults={termsDefaultsOf(event)}
            submitLabel="Save terms"
            busy={busy}
          />
        )}
      </Section>
      <Section title="Catalogue">
        <HouseLotList lots={lots} frozen={frozen} />
      </Section>
      {frozen ? null : (
        <Section title="Add lots">
          <Stack gap="6">
            <HouseLotPicker candidates={candidates} />
            <HouseLotsCsvForm problems={answer?.intent === "csv" ? answer.problems : []} />
          </Stack>
        </Section>
      )}
      <Section title="Publish or cancel">
        <HouseEventActions status={event.status} lotCount={event.lotCount} cancelErrors={answer?.intent === "cancel" ? [answer.message] : undefined} />
      </Section>
    </Stack>
  );
}
