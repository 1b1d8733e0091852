// The form of every checkout page (Buy Now, the auction winner's, the accepted offer's): the refusals above it, the
// e-mail confirmation notice, the shipping address prefilled from the profile, and one submit button. Purchases need
// a connection, so the form is refused at once offline.
import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Button, Stack } from "@chakra-ui/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { EmailConfirmationNotice } from "~/components/EmailConfirmationBanner.tsx";
import { FormErrors } from "~/components/forms/index.ts";
import { ShippingAddressFields, useShippingAddressForm } from "~/components/orders/ShippingAddressFields.tsx";
import { useOnlineOnlySubmit } from "~/components/pwa/use-online-only.ts";
import type { ShippingAddress } from "~/schemas/order.ts";

export interface CheckoutShippingFormProps {
  /** The form's id (conform keys its state by it). */
  formId: string;
  /** The action's last reply, for the field and form errors. */
  lastResult: SubmissionResult<string[]> | undefined;
  /** The address the fields start with. */
  shipping: ShippingAddress;
  submitLabel: string;
  loadingText: string;
  /** A line at the top of the form (the payment deadline). */
  lead?: ReactNode;
  /** What stands between the address and the button (what placing the order agrees to). */
  beforeSubmit?: ReactNode;
}

export function CheckoutShippingForm({ formId, lastResult, shipping, submitLabel, loadingText, lead, beforeSubmit }: CheckoutShippingFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useShippingAddressForm(formId, lastResult, shipping);
  const formProps = getFormProps(form);
  const onlineOnly = useOnlineOnlySubmit(formProps.onSubmit);
  const button = (
    <Button type="submit" colorPalette="blue" size="lg" alignSelf="start" disabled={busy} loading={busy} loadingText={loadingText}>
      {submitLabel}
    </Button>
  );

  return (
    <Form method="post" {...formProps} onSubmit={onlineOnly.onSubmit}>
      <Stack gap="6">
        {lead}
        <FormErrors id={form.errorId} errors={form.errors} />
        {onlineOnly.refused ? <FormErrors errors={[onlineOnly.refused]} /> : null}
        <EmailConfirmationNotice />
        <ShippingAddressFields fields={fields} />
        {beforeSubmit === undefined ? (
          button
        ) : (
          <Stack gap="2">
            {beforeSubmit}
            {button}
          </Stack>
        )}
      </Stack>
    </Form>
  );
}
