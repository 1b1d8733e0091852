// /contact: the contact form (docs/product/platform.md#public-pages, docs/product/platform.md#routes). A message is kept for the support team and, when
// a support mailbox is configured, e-mailed there (app/services/support/support-requests.server.ts). Signed-in members
// find their name and e-mail filled in; the order page's "Contact us" link (?order=<id>) carries the order, which is
// kept only when it is the member's. Works without JavaScript; with it, the success banner goes after 5 seconds.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Box, Button, Card, DataList, Heading, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Honeypot } from "~/components/Honeypot.tsx";
import { FormErrors, FormSuccess, TextareaField, TextField } from "~/components/forms/index.ts";
import { faqSections } from "~/components/site-pages/faq-sections.ts";
import { getDb } from "~/db.server.ts";
import { BUSINESS_HOURS, CONTACT_LIMITS, CONTACT_MESSAGES, CONTACT_SUCCESS_BANNER_MS, ContactSchema } from "~/schemas/contact.ts";
import { MIN_PASSWORD_LENGTH } from "~/schemas/fields.ts";
import { CONFIRMATION_TOKEN_TTL_HOURS, RESET_TOKEN_TTL_HOURS } from "~/services/accounts/index.server.ts";
import { AI_RATE_LIMITS } from "~/services/ai/index.server.ts";
import { claimContactAttempt, orderForContact, submitSupportRequest } from "~/services/support/index.server.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { formReply, refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { isHoneypotFilled } from "~/web/form-guard.server.ts";

export const meta: MetaFunction = () => [
  { title: "Contact us — Tradebench" },
  { name: "description", content: "Write to the Tradebench team: questions about buying, selling, orders and payments. Our business hours and quick answers." },
];

const HOUR_MS = 3_600_000;
/** How many questions of the FAQ the page quotes. */
const FAQ_SNIPPETS = 4;

/** An order id from the address or the form: a positive whole number, else null. */
function orderIdOf(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const url = new URL(request.url);
  const orderId = orderIdOf(url.searchParams.get("order"));
  // A subject a link starts the form with (the knowledge base's "Submit an Article"), within the field's bound.
  const subject = (url.searchParams.get("subject") ?? "")
    .replace(/\p{Cc}/gu, " ")
    .trim()
    .slice(0, CONTACT_LIMITS.subject);
  const order = user ? await orderForContact(getDb(), user.id, orderId) : null;
  const sections = faqSections({
    minPasswordLength: MIN_PASSWORD_LENGTH,
    passwordResetLinkHours: RESET_TOKEN_TTL_HOURS,
    emailConfirmationLinkHours: CONFIRMATION_TOKEN_TTL_HOURS,
    aiMemberAllowance: { limit: AI_RATE_LIMITS.memberPerUser.limit, hours: AI_RATE_LIMITS.memberPerUser.windowMs / HOUR_MS },
    aiVisitorAllowance: { limit: AI_RATE_LIMITS.visitorPerIp.limit, hours: AI_RATE_LIMITS.visitorPerIp.windowMs / HOUR_MS },
  });
  // One question from each of the first sections: a taste of the FAQ, linked to the whole of it.
  const faq = sections
    .flatMap((section) => section.entries.slice(0, 1).map((entry) => ({ section: section.id, question: entry.question, answer: entry.answer })))
    .slice(0, FAQ_SNIPPETS);
  return {
    prefill: user ? { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : null,
    order,
    faq,
    subject,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { submission, fields } = await parseForm(request, ContactSchema);
  // A bot filled the hidden field: it is told the message went, and nothing is kept or sent.
  if (isHoneypotFilled(fields)) return { result: submission.reply({ resetForm: true }), sent: true };
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const db = getDb();
  const { order, ...message } = submission.value;
  return refusalsAnswered(
    async () => {
      await claimContactAttempt(db, context.clientIp);
      const user = await getOptionalUser(request);
      await submitSupportRequest(db, { ...message, userId: user?.id ?? null, orderId: orderIdOf(order) });
      return { result: submission.reply({ resetForm: true }), sent: true };
    },
    {
      as: (refusal) => ({ result: formReply(submission, refusal), sent: false }),
      // The message could not be kept (the database is unreachable): the sender keeps what they typed and may retry.
      crash: {
        log: "[contact] keeping a message failed:",
        status: 503,
        as: () => ({ result: submission.reply({ formErrors: [CONTACT_MESSAGES.failed] }), sent: false }),
      },
    },
  );
}

/** True for CONTACT_SUCCESS_BANNER_MS after each new success (without JavaScript the banner simply stays). */
function useSuccessBanner(answer: { sent: boolean } | undefined): boolean {
  const [shown, setShown] = useState<typeof answer>(answer);
  useEffect(() => {
    if (!answer?.sent) return;
    setShown(answer);
    const timer = setTimeout(() => setShown(undefined), CONTACT_SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [answer]);
  return Boolean(answer?.sent && shown === answer);
}

export default function ContactPage() {
  const { prefill, order, faq, subject } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith("/contact") === true;
  const successShown = useSuccessBanner(answer);
  const [form, fields] = useForm({
    id: "contact",
    lastResult: answer?.result,
    defaultValue: { name: prefill?.name ?? "", email: prefill?.email ?? "", order: order ? String(order.id) : "", subject },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const { key: orderKey, ...orderProps } = getInputProps(fields.order, { type: "hidden" });
  return (
    <Box maxW="6xl" mx="auto" px={{ base: "4", md: "6" }} py="12">
      <Stack gap="8">
        <Box>
          <Heading as="h1" size="3xl">
            Contact us
          </Heading>
          <Text color="fg.muted" mt="2">
            Questions about buying, selling, an order or a payment? Write to the Tradebench team and we will reply by e-mail.
          </Text>
        </Box>
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="8">
          <Box gridColumn={{ lg: "span 2" }}>
            <Form method="post" {...getFormProps(form)}>
              <Honeypot />
              <input key={orderKey} {...orderProps} />
              <Stack gap="4">
                {successShown ? <FormSuccess>{CONTACT_MESSAGES.sent}</FormSuccess> : null}
                <FormErrors id={form.errorId} errors={form.errors} />
                {order ? (
                  <Text data-testid="contact-order">
                    About your order <strong>{order.reference}</strong>
                  </Text>
                ) : null}
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                  <TextField meta={fields.name} label="Name" autoComplete="name" maxLength={CONTACT_LIMITS.name} required />
                  <TextField meta={fields.email} label="Email" type="email" autoComplete="email" maxLength={254} required />
                  <TextField meta={fields.company} label="Company (optional)" autoComplete="organization" maxLength={CONTACT_LIMITS.company} />
                  <TextField meta={fields.phone} label="Phone (optional)" type="tel" autoComplete="tel" maxLength={CONTACT_LIMITS.phone} />
                </SimpleGrid>
                <TextField meta={fields.subject} label="Subject" maxLength={CONTACT_LIMITS.subject} required />
                <TextareaField meta={fields.message} label="Message" rows={7} maxLength={CONTACT_LIMITS.message} required />
                <Button type="submit" colorPalette="blue" alignSelf="start" disabled={sending} loading={sending} loadingText="Sending...">
                  Send message
                </Button>
              </Stack>
            </Form>
          </Box>
          <Stack gap="6" as="aside" aria-label="Business hours and quick answers">
            <Card.Root as="section" aria-labelledby="hours-heading" variant="subtle">
              <Card.Body gap="3">
                <Heading as="h2" size="md" id="hours-heading">
                  Business hours
                </Heading>
                <DataList.Root orientation="horizontal" gap="2">
                  {BUSINESS_HOURS.map((line) => (
                    <DataList.Item key={line.days}>
                      <DataList.ItemLabel>{line.days}</DataList.ItemLabel>
                      <DataList.ItemValue>{line.hours}</DataList.ItemValue>
                    </DataList.Item>
                  ))}
                </DataList.Root>
                <Text fontSize="sm" color="fg.muted">
                  Messages sent outside these hours are read when the team is next in.
                </Text>
              </Card.Body>
            </Card.Root>
            <Box as="section" aria-labelledby="faq-heading">
              <Heading as="h2" size="md" id="faq-heading" mb="3">
                Quick answers
              </Heading>
              <Stack gap="4">
                {faq.map((entry) => (
                  <Box key={entry.question}>
                    <Text fontWeight="semibold">{entry.question}</Text>
                    <Text fontSize="sm" color="fg.muted" lineClamp={3}>
                      {entry.answer}
                    </Text>
                  </Box>
                ))}
              </Stack>
              <Link asChild colorPalette="blue" mt="3" textDecoration="underline">
                <RemixLink to="/faq">See all frequently asked questions</RemixLink>
              </Link>
            </Box>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
