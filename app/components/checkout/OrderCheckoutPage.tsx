// The checkout of an order that already exists (an auction won, an offer accepted): the summary, the bank transfer
// quoting the order's reference, and the shipping form that confirms (or, once confirmed, updates) where it ships.
import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { BankTransferInstructions } from "~/components/orders/BankTransferInstructions.tsx";
import { CheckoutLayout, type CheckoutLayoutProps } from "~/components/orders/CheckoutLayout.tsx";
import type { EscrowAccount } from "~/lib/orders.ts";
import type { ShippingAddress } from "~/schemas/order.ts";
import { CheckoutShippingForm } from "./CheckoutShippingForm.tsx";

export interface OrderCheckoutPageProps {
  /** What the loader read: the order's checkout and the escrow account to pay into. */
  checkout: {
    item: CheckoutLayoutProps["item"];
    orderId: number;
    reference: string;
    checkedOutAt: string | null;
    shipping: ShippingAddress;
    escrowAccount: EscrowAccount | null;
  };
  lastResult: SubmissionResult<string[]> | undefined;
  formId: string;
  title: string;
  intro: string;
  priceLabel: string;
  /** A line at the top of the form (the payment deadline). */
  lead?: ReactNode;
}

export function OrderCheckoutPage({ checkout, lastResult, formId, title, intro, priceLabel, lead }: OrderCheckoutPageProps) {
  const { item, shipping, reference, checkedOutAt, escrowAccount, orderId } = checkout;
  return (
    <CheckoutLayout
      title={title}
      intro={intro}
      item={item}
      priceLabel={priceLabel}
      payment={
        <BankTransferInstructions reference={reference} amountCents={item.priceCents} currency={item.currency} account={escrowAccount} orderId={orderId} />
      }
    >
      <CheckoutShippingForm
        formId={formId}
        lastResult={lastResult}
        shipping={shipping}
        submitLabel={checkedOutAt ? "Update shipping address" : "Confirm shipping address"}
        loadingText="Saving..."
        lead={lead}
      />
    </CheckoutLayout>
  );
}
