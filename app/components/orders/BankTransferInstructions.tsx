// How to pay: a bank transfer to the escrow account quoting the order's unique reference.
import { Badge, Card, Code, DataList, Heading, Link, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { formatExactPrice } from "~/lib/money.ts";
import { DEMO_BANK_DETAILS_LABEL, type EscrowAccount } from "~/lib/orders.ts";

export function BankTransferInstructions({
  reference,
  amountCents,
  currency,
  account,
  orderId,
}: {
  reference: string;
  amountCents: number;
  currency: string;
  /** Null until the operator has configured the escrow account; the demo's fictitious one is marked `demo`. */
  account: EscrowAccount | null;
  /** The order's id, so "Contact us" opens the contact form about it (a Buy Now checkout has no order yet). */
  orderId?: number;
}) {
  const rows: Array<[string, string]> = [
    ...(account
      ? ([
          ["Account name", account.accountName],
          ["Bank", account.bankName],
          ["Account number", account.accountNumber],
          ["SWIFT / BIC", account.swift],
        ] as Array<[string, string]>)
      : []),
    ["Amount", formatExactPrice(amountCents, currency)],
  ];
  return (
    <Card.Root as="section" aria-labelledby="payment-heading" variant="subtle">
      <Card.Body gap="3">
        <Heading as="h2" size="md" id="payment-heading">
          Pay by bank transfer
        </Heading>
        {account?.demo ? (
          <Text>
            <Badge colorPalette="orange" size="lg" me="2">
              {DEMO_BANK_DETAILS_LABEL}
            </Badge>
            This is the demo marketplace: no money moves. The details below only let you walk the order through; on a real marketplace the operator&apos;s
            escrow account is shown here.
          </Text>
        ) : null}
        {account ? (
          <Text>
            Transfer the amount below to the Tradebench escrow account, quoting your payment reference exactly so we can match your payment. Questions about
            this payment?{" "}
            <Link asChild colorPalette="blue">
              <RemixLink to={orderId === undefined ? "/contact" : `/contact?order=${orderId}`}>Contact us</RemixLink>
            </Link>
            .
          </Text>
        ) : (
          <Text>
            The escrow account&apos;s bank details are not published on this site yet.{" "}
            <Link asChild colorPalette="blue">
              <RemixLink to={orderId === undefined ? "/contact" : `/contact?order=${orderId}`}>Contact us</RemixLink>
            </Link>{" "}
            quoting your payment reference and we will send them to you.
          </Text>
        )}
        <DataList.Root orientation="horizontal" gap="2" size="md">
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
          <DataList.Item>
            <DataList.ItemLabel>Payment reference</DataList.ItemLabel>
            <DataList.ItemValue>
              <Code size="lg" fontWeight="bold" data-testid="payment-reference">
                {reference}
              </Code>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <Text fontSize="sm" color="fg.muted">
          When your payment arrives, Tradebench confirms it and holds it in escrow, and you and the seller are told.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** At checkout, before the order (and its reference) exists. */
export function BankTransferPreview() {
  return (
    <Card.Root as="section" aria-labelledby="payment-method-heading" variant="subtle">
      <Card.Body gap="2">
        <Heading as="h2" size="md" id="payment-method-heading">
          Payment by bank transfer
        </Heading>
        <Text>
          Industrial equipment is usually paid by bank transfer. When you place the order you get a unique payment reference and the escrow account&apos;s bank
          details. Quote the reference on your transfer; your money is then held in escrow until you confirm receipt.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
