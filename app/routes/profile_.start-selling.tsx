// /profile/start-selling: a buyer becomes a seller. The page says what selling means here (listing is free, a
// success fee when an item sells, the inspection period and escrow, the seller's duties under the terms) and asks what
// sign-up asks a seller: an optional company name and the acceptance of the terms as a seller. Posting changes the role
// through the accounts domain (audited) and opens the seller dashboard. Sellers and staff are told why they cannot; an
// unconfirmed account is refused with the confirmation rule's message, as every listing action is. Works without
// JavaScript.
import { Box, Button, Container, Heading, Input, Link, List, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { INSPECTION_PERIOD_DAYS, SELLER_RESPONSE_BUSINESS_DAYS } from "~/lib/fees.ts";
import { StartSellingSchema } from "~/schemas/become-seller.ts";
import { becomeSeller, becomeSellerRefusal, emailConfirmationRefusal, getProfile } from "~/services/accounts/index.server.ts";
import { requireConfirmedUser, requireUser } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "Start selling — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const profile = await getProfile(getDb(), user.id);
  const refusal = becomeSellerRefusal(user.role) ?? emailConfirmationRefusal(user);
  return { companyName: profile?.company_name ?? "", refusal: refusal?.message ?? null };
}

type Answer = { formError?: string; fieldErrors?: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireConfirmedUser(request);
  const { submission } = await parseForm(request, StartSellingSchema);
  if (submission.status !== "success") {
    const fieldErrors: Record<string, string> = {};
    for (const [name, messages] of Object.entries(submission.error ?? {})) {
      const first = messages?.[0];
      if (first) fieldErrors[name] = first;
    }
    return data<Answer>({ fieldErrors }, { status: 400 });
  }
  return refusalsAnswered(
    async () => {
      await becomeSeller(getDb(), user.id, { companyName: submission.value.companyName, acceptTerms: true });
      throw redirect("/seller-dashboard?welcome=seller");
    },
    { as: (refusal): Answer => (refusal.field ? { fieldErrors: { [refusal.field]: refusal.message } } : { formError: refusal.message }) },
  );
}

export default function StartSellingPage() {
  const { companyName, refusal } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = answer?.fieldErrors ?? {};
  return (
    <Container maxW="3xl" py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Text fontSize="sm">
          <Link asChild color="blue.fg">
            <RemixLink to="/profile">← Your profile</RemixLink>
          </Link>
        </Text>
        <Heading as="h1" size="2xl">
          Start selling
        </Heading>
        <Text>Turning your account into a seller&apos;s account lets you list equipment for sale and run auctions. You can still buy and bid as before.</Text>
        <Box as="section" aria-labelledby="selling-means">
          <Heading as="h2" id="selling-means" size="md" mb="2">
            What selling on Tradebench means
          </Heading>
          <List.Root gap="1" ps="5">
            <List.Item>
              Listing is free. When an item sells you pay the success fee for its listing type shown on the{" "}
              <Link asChild textDecoration="underline">
                <RemixLink to="/pricing">pricing page</RemixLink>
              </Link>
              .
            </List.Item>
            <List.Item>
              Buyers pay into escrow; the payment is released to you, less the fee, after their {INSPECTION_PERIOD_DAYS}-day inspection period.
            </List.Item>
            <List.Item>
              You describe each item truthfully, ship what sold, and answer a buyer who opens a dispute within {SELLER_RESPONSE_BUSINESS_DAYS} business days.
            </List.Item>
            <List.Item>
              The{" "}
              <Link asChild textDecoration="underline">
                <RemixLink to="/terms">Terms of Service</RemixLink>
              </Link>{" "}
              and the{" "}
              <Link asChild textDecoration="underline">
                <RemixLink to="/prohibited-conduct">Prohibited Conduct Policy</RemixLink>
              </Link>{" "}
              apply to what you list and sell.
            </List.Item>
          </List.Root>
        </Box>
        {answer?.formError ? <FormErrors errors={[answer.formError]} /> : null}
        {refusal ? (
          <Text role="status" fontWeight="medium">
            {refusal}
          </Text>
        ) : (
          <Form method="post">
            <Stack gap="4" maxW="xl">
              <Stack gap="1">
                <label htmlFor="start-selling-company">
                  <Text fontWeight="medium">Company name (optional)</Text>
                </label>
                <Input
                  id="start-selling-company"
                  name="companyName"
                  maxLength={120}
                  defaultValue={companyName}
                  aria-invalid={errors.companyName ? true : undefined}
                  aria-describedby={errors.companyName ? "companyName-error" : undefined}
                />
                {errors.companyName ? (
                  <Text id="companyName-error" color="fg.error" fontSize="sm">
                    {errors.companyName}
                  </Text>
                ) : null}
              </Stack>
              <Stack gap="1">
                <label>
                  <input
                    type="checkbox"
                    name="acceptTerms"
                    aria-invalid={errors.acceptTerms ? true : undefined}
                    aria-describedby={errors.acceptTerms ? "acceptTerms-error" : undefined}
                  />{" "}
                  I accept the Terms of Service and the Prohibited Conduct Policy as a seller.
                </label>
                {errors.acceptTerms ? (
                  <Text id="acceptTerms-error" color="fg.error" fontSize="sm">
                    {errors.acceptTerms}
                  </Text>
                ) : null}
              </Stack>
              <Button type="submit" alignSelf="start" colorPalette="blue" disabled={busy}>
                Start selling
              </Button>
            </Stack>
          </Form>
        )}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
