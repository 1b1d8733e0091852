// The shipping address at checkout: prefilled from the buyer's profile, editable, errors beside each field.
import { useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Fieldset, SimpleGrid } from "@chakra-ui/react";
import { ShippingAddressSchema, type ShippingAddress } from "~/schemas/order.ts";
import { TextField } from "~/components/forms/index.ts";

type ShippingField =
  "shippingName" | "shippingCompany" | "shippingAddress" | "shippingCity" | "shippingState" | "shippingZip" | "shippingCountry" | "shippingPhone";

export function ShippingAddressFields({ fields }: { fields: Record<ShippingField, FieldMetadata<string | undefined>> }) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold">
        Shipping address
      </Fieldset.Legend>
      <Fieldset.HelperText>Filled in from your profile. Change it here if this order goes somewhere else.</Fieldset.HelperText>
      <Fieldset.Content>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField meta={fields.shippingName} label="Full name" autoComplete="shipping name" required />
          <TextField meta={fields.shippingCompany} label="Company" autoComplete="shipping organization" />
          <TextField meta={fields.shippingAddress} label="Street address" autoComplete="shipping street-address" required />
          <TextField meta={fields.shippingCity} label="City" autoComplete="shipping address-level2" required />
          <TextField meta={fields.shippingState} label="State / region" autoComplete="shipping address-level1" />
          <TextField meta={fields.shippingZip} label="ZIP / postal code" autoComplete="shipping postal-code" required />
          <TextField meta={fields.shippingCountry} label="Country" autoComplete="shipping country-name" required />
          <TextField meta={fields.shippingPhone} label="Phone for the carrier" type="tel" autoComplete="shipping tel" />
        </SimpleGrid>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

/** The checkout form with the shipping address: prefilled, checked on blur with the action's schema. */
export function useShippingAddressForm(id: string, lastResult: SubmissionResult<string[]> | undefined, shipping: ShippingAddress) {
  return useForm({
    id,
    lastResult,
    defaultValue: shipping,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShippingAddressSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
