// The seller's offer settings in the listing form: Accept offers, and two optional prices that only
// the seller ever sees — offers at or above the auto-accept price are accepted at once, offers below the auto-decline
// price are declined at once. Plain inputs inside the listing's own form (sent with it, with or without JavaScript).
import { Checkbox, Field, Fieldset, Input, SimpleGrid, Text } from "@chakra-ui/react";
import { centsToInput } from "~/lib/money.ts";

export interface OfferSettingsDefaults {
  acceptsOffers: boolean;
  autoAcceptPrice: string;
  autoDeclinePrice: string;
  /** "Yes, keep these prices" was ticked when the form came back. */
  confirmLowPrices?: boolean;
}

export function OfferSettingsFields({ defaults, errors = {} }: { defaults?: OfferSettingsDefaults; errors?: Record<string, string[] | null | undefined> }) {
  const error = (name: string) => errors[name]?.join(" ");
  return (
    <Fieldset.Root invalid={Boolean(error("acceptsOffers") || error("autoAcceptPrice") || error("autoDeclinePrice"))}>
      <Fieldset.Legend fontWeight="semibold">Offers</Fieldset.Legend>
      <Fieldset.HelperText>
        For Buy Now and hybrid listings: buyers may offer below your price, and you accept, decline or counter within 48 hours. The two prices are never shown
        to buyers.
      </Fieldset.HelperText>
      <Fieldset.Content>
        <Field.Root invalid={Boolean(error("acceptsOffers"))}>
          <Checkbox.Root name="acceptsOffers" value="on" defaultChecked={defaults?.acceptsOffers ?? false}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Accept offers</Checkbox.Label>
          </Checkbox.Root>
          {error("acceptsOffers") ? <Field.ErrorText>{error("acceptsOffers")}</Field.ErrorText> : null}
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root invalid={Boolean(error("autoAcceptPrice"))}>
            <Field.Label>Auto-accept offers at or above (optional)</Field.Label>
            <Input name="autoAcceptPrice" inputMode="decimal" autoComplete="off" defaultValue={defaults?.autoAcceptPrice ?? ""} />
            {error("autoAcceptPrice") ? <Field.ErrorText>{error("autoAcceptPrice")}</Field.ErrorText> : <Field.HelperText>Below your price</Field.HelperText>}
          </Field.Root>
          <Field.Root invalid={Boolean(error("autoDeclinePrice"))}>
            <Field.Label>Auto-decline offers below (optional)</Field.Label>
            <Input name="autoDeclinePrice" inputMode="decimal" autoComplete="off" defaultValue={defaults?.autoDeclinePrice ?? ""} />
            {error("autoDeclinePrice") ? (
              <Field.ErrorText>{error("autoDeclinePrice")}</Field.ErrorText>
            ) : (
              <Field.HelperText>Below the auto-accept price</Field.HelperText>
            )}
          </Field.Root>
        </SimpleGrid>
        {error("confirmLowPrices") || defaults?.confirmLowPrices ? (
          <Field.Root invalid={Boolean(error("confirmLowPrices"))}>
            <Checkbox.Root name="confirmLowPrices" value="on" defaultChecked={defaults?.confirmLowPrices ?? false}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Yes, keep these prices</Checkbox.Label>
            </Checkbox.Root>
            {error("confirmLowPrices") ? <Field.ErrorText>{error("confirmLowPrices")}</Field.ErrorText> : null}
          </Field.Root>
        ) : null}
        <Text fontSize="sm" color="fg.muted">
          An accepted offer sells the item at once: the listing stops selling and the buyer has 48 hours to pay.
        </Text>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

/** The fields' starting values: what was just sent back with errors, else the stored settings (cents as amounts). */
export function offerSettingsDefaults(
  stored: { acceptsOffers: boolean; autoAcceptCents: number | null; autoDeclineCents: number | null } | null,
  sent?: Record<string, unknown> | null,
  currency: string = "USD",
): OfferSettingsDefaults {
  if (sent) {
    const text = (value: unknown) => (typeof value === "string" ? value : "");
    return {
      acceptsOffers: sent.acceptsOffers === "on",
      autoAcceptPrice: text(sent.autoAcceptPrice),
      autoDeclinePrice: text(sent.autoDeclinePrice),
      confirmLowPrices: sent.confirmLowPrices === "on",
    };
  }
  return {
    acceptsOffers: stored?.acceptsOffers ?? false,
    autoAcceptPrice: centsToInput(stored?.autoAcceptCents ?? null, currency),
    autoDeclinePrice: centsToInput(stored?.autoDeclineCents ?? null, currency),
  };
}
