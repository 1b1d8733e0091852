// Publishing the catalogue (draft → scheduled: registrations and pre-bids open) and cancelling the sale, which asks
// for a ticked confirmation and an optional reason.
import { Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { Form } from "@remix-run/react";
import { CheckboxField } from "~/components/forms/index.ts";
import type { SaleEventStatus } from "~/lib/sale-events.ts";

export function HouseEventActions({ status, lotCount, cancelErrors }: { status: SaleEventStatus; lotCount: number; cancelErrors?: string[] }) {
  const canCancel = status === "draft" || status === "scheduled";
  return (
    <Stack gap="4">
      {status === "draft" ? (
        <Form method="post">
          <Button type="submit" name="intent" value="publish" colorPalette="green" disabled={lotCount === 0}>
            Publish the catalogue
          </Button>
          <Text fontSize="sm" color="fg.muted" mt="1">
            Members may then register to bid and pre-bid; bidding opens at the sale&apos;s opening time.
          </Text>
        </Form>
      ) : null}
      {canCancel ? (
        <Form method="post">
          <Stack gap="2">
            <CheckboxField name="confirm" value="on" label="I am cancelling this sale: its lots will take no bids" errors={cancelErrors} />
            <HStack gap="2">
              <Input name="reason" size="sm" maxW="24rem" maxLength={500} aria-label="Reason for cancelling (optional)" placeholder="Reason (optional)" />
              <Button type="submit" name="intent" value="cancel" colorPalette="red" variant="outline" size="sm">
                Cancel the sale
              </Button>
            </HStack>
          </Stack>
        </Form>
      ) : null}
    </Stack>
  );
}
