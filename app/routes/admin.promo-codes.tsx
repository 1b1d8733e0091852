// /admin/promo-codes: the Promo Codes tab of Admin User Management (docs/product/admin.md#promo-codes): the codes, newest
// first, with their discount, usage "used / max" (∞ without a max) and status; Deactivate for active codes after the
// spec's confirm; the statistics of the promo-code service; and the Create Promo Code form (code forced upper case,
// description, percentage or fixed, value ≥ 0, max uses blank for unlimited or ≥ 1, valid from/until), with the
// generator of docs/product/admin.md#promo-codes. Staff whose role holds can_manage_promo_codes only; every action is checked again on the
// server and audited by the service. Everything works without JavaScript (the confirm is a disclosure).
import { Badge, Box, Button, Heading, HStack, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AdminTable } from "~/components/admin/AdminTable.tsx";
import { AdminUsersTabs } from "~/components/admin/MemberAdminParts.tsx";
import { FormErrors, FormSuccess, SelectField, TextField } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { useHydrated } from "~/components/use-hydrated.ts";
import { getDb } from "~/db.server.ts";
import { formatPromoDiscount, formatPromoUsage, PROMO_CODE_MAX_LENGTH, PROMO_DESCRIPTION_MAX_LENGTH, PROMO_MESSAGES } from "~/lib/promotions.ts";
import { PromoCodeActionSchema, promoValueFromForm } from "~/schemas/promotions.ts";
import { createPromoCode, deactivatePromoCode, generateUniquePromoCode, listPromoCodes, promoCodeStatistics } from "~/services/promotions/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { fieldErrorsOf, parseForm } from "~/web/form-data.server.ts";
import { dateTimeUtc } from "~/components/admin/admin-dates.ts";

export const meta: MetaFunction = () => [{ title: "Promo Codes — Admin User Management — Tradebench" }];

const PERMISSION = "can_manage_promo_codes";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, PERMISSION);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const [codes, statistics] = await Promise.all([listPromoCodes(getDb(), { page: Number.isFinite(page) ? page : 1 }), promoCodeStatistics(getDb())]);
  return { ...codes, statistics, now: new Date().toISOString() };
}

/** The create form's values sent back with its messages, so nothing typed is lost without JavaScript either. */
interface CreateValues {
  code: string;
  description: string;
  discountType: string;
  value: string;
  maxUses: string;
  validFrom: string;
  validUntil: string;
}

type Answer =
  | { ok: true; intent: "create" | "deactivate"; message: string }
  | { ok: true; intent: "generate"; code: string }
  | { ok: false; intent: string; message: string; fieldErrors?: Record<string, string[]>; values?: Partial<CreateValues> };

const SERVICE_FIELDS: Record<string, string> = { discountValue: "value" };

function sentValues(fields: FormData): Partial<CreateValues> {
  const text = (name: keyof CreateValues) => {
    const value = fields.get(name);
    return typeof value === "string" ? value.slice(0, 600) : "";
  };
  return {
    code: text("code"),
    description: text("description"),
    discountType: text("discountType"),
    value: text("value"),
    maxUses: text("maxUses"),
    validFrom: text("validFrom"),
    validUntil: text("validUntil"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, PERMISSION);
  const { submission, fields } = await parseForm(request, PromoCodeActionSchema);
  const intent = String(fields.get("intent") ?? "");
  if (submission.status !== "success") {
    const { fieldErrors, first } = fieldErrorsOf(submission.error);
    const message = intent === "deactivate" ? PROMO_MESSAGES.deactivateFailed(first) : PROMO_MESSAGES.createFailed(first);
    return data<Answer>({ ok: false, intent, message, fieldErrors, values: sentValues(fields) }, { status: 400 });
  }
  const form = submission.value;
  return refusalsAnswered(
    async () => {
      if (form.intent === "generate") {
        return data<Answer>({ ok: true, intent: "generate", code: await generateUniquePromoCode(getDb(), form.prefix) });
      }
      if (form.intent === "deactivate") {
        await deactivatePromoCode(getDb(), user.id, form.promoCodeId);
        return data<Answer>({ ok: true, intent: "deactivate", message: PROMO_MESSAGES.deactivated });
      }
      await createPromoCode(getDb(), user.id, {
        code: form.code,
        description: form.description,
        discountType: form.discountType,
        discountValue: promoValueFromForm(form.value),
        maxUses: form.maxUses,
        validFrom: form.validFrom,
        validUntil: form.validUntil,
      });
      return data<Answer>({ ok: true, intent: "create", message: PROMO_MESSAGES.created });
    },
    {
      as: (refusal): Answer => {
        const message = refusal.message;
        const field = refusal.field ? (SERVICE_FIELDS[refusal.field] ?? refusal.field) : undefined;
        const wrapped =
          form.intent === "deactivate" ? PROMO_MESSAGES.deactivateFailed(message) : form.intent === "generate" ? message : PROMO_MESSAGES.createFailed(message);
        return { ok: false, intent: form.intent, message: wrapped, fieldErrors: field ? { [field]: [message] } : undefined, values: sentValues(fields) };
      },
    },
  );
}

function CreatePromoCodeForm({ answer, busy }: { answer: Answer | undefined; busy: boolean }) {
  const failed = answer && !answer.ok && answer.intent !== "deactivate" ? answer : undefined;
  const sent = failed?.values ?? {};
  const [code, setCode] = useState(answer?.ok && answer.intent === "generate" ? answer.code : (sent.code ?? ""));
  const [description, setDescription] = useState(sent.description ?? "");
  const [discountType, setDiscountType] = useState(sent.discountType || "percentage");
  const [value, setValue] = useState(sent.value ?? "");
  const [maxUses, setMaxUses] = useState(sent.maxUses ?? "");
  const [validFrom, setValidFrom] = useState(sent.validFrom ?? "");
  const [validUntil, setValidUntil] = useState(sent.validUntil ?? "");
  // Create is disabled while the code is empty (docs/product/admin.md#console) once the page is interactive; without JavaScript the
  // server answers an empty code with its message instead.
  const hydrated = useHydrated();
  useEffect(() => {
    if (answer?.ok && answer.intent === "generate") setCode(answer.code);
    if (answer?.ok && answer.intent === "create") {
      setCode("");
      setDescription("");
      setValue("");
      setMaxUses("");
      setValidFrom("");
      setValidUntil("");
    }
  }, [answer]);
  const errors = (name: string) => failed?.fieldErrors?.[name];
  const generated = answer?.ok && answer.intent === "generate" ? answer.code : null;
  return (
    <Box as="section" aria-labelledby="create-promo" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" id="create-promo" size="lg" mb="3">
        Create Promo Code
      </Heading>
      <Form method="post">
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Stack gap="2">
              <TextField
                id="promo-code"
                name="code"
                label="Code"
                required
                value={code}
                onChange={(next) => setCode(next.toUpperCase())}
                maxLength={PROMO_CODE_MAX_LENGTH}
                errors={errors("code")}
                helper="Letters, digits, - and _; stored in upper case."
              />
              <Button type="submit" name="intent" value="generate" variant="outline" size="sm" alignSelf="start" disabled={busy}>
                Generate a code
              </Button>
              {generated ? (
                <Text aria-live="polite" fontSize="sm">
                  Generated {generated}: it is in the Code field.
                </Text>
              ) : null}
            </Stack>
            <TextField
              id="promo-description"
              name="description"
              label="Description"
              value={description}
              onChange={setDescription}
              maxLength={PROMO_DESCRIPTION_MAX_LENGTH}
              errors={errors("description")}
            />
            <SelectField
              id="promo-type"
              name="discountType"
              label="Type"
              value={discountType}
              onChange={setDiscountType}
              options={[
                { value: "percentage", label: "Percentage (%)" },
                { value: "fixed", label: "Fixed amount ($)" },
              ]}
              errors={errors("discountType")}
            />
            <TextField
              id="promo-value"
              name="value"
              type="number"
              label={discountType === "fixed" ? "Value ($)" : "Value (%)"}
              required
              min={0}
              max={discountType === "fixed" ? 100000 : 100}
              step="0.01"
              inputMode="decimal"
              value={value}
              onChange={setValue}
              errors={errors("value")}
            />
            <TextField
              id="promo-max-uses"
              name="maxUses"
              type="number"
              label="Max Uses"
              min={1}
              step={1}
              inputMode="numeric"
              value={maxUses}
              onChange={setMaxUses}
              errors={errors("maxUses")}
              helper="Leave blank for unlimited."
            />
            <TextField
              id="promo-valid-from"
              name="validFrom"
              type="datetime-local"
              label="Valid From (UTC)"
              value={validFrom}
              onChange={setValidFrom}
              errors={errors("validFrom")}
              helper="Leave blank to start now."
            />
            <TextField
              id="promo-valid-until"
              name="validUntil"
              type="datetime-local"
              label="Valid Until (UTC)"
              value={validUntil}
              onChange={setValidUntil}
              errors={errors("validUntil")}
              helper="Leave blank for no end."
            />
          </SimpleGrid>
          <Button type="submit" name="intent" value="create" alignSelf="start" colorPalette="blue" disabled={busy || (hydrated && code.trim() === "")}>
            Create
          </Button>
        </Stack>
      </Form>
    </Box>
  );
}

export default function AdminPromoCodesPage() {
  const { codes, total, page, pageCount, statistics, now } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Admin User Management
      </Heading>
      <AdminUsersTabs current="promo-codes" showPromoCodes refreshTo="/admin/promo-codes" />
      {answer?.ok && answer.intent !== "generate" ? <FormSuccess>{answer.message}</FormSuccess> : null}
      <FormErrors errors={answer && !answer.ok ? [answer.message] : undefined} />

      <Box as="section" aria-labelledby="promo-statistics">
        <Heading as="h2" id="promo-statistics" size="lg" mb="3">
          Statistics
        </Heading>
        <SimpleGrid as="dl" columns={{ base: 2, md: 5 }} gap="4">
          {[
            ["Total codes", String(statistics.totalCodes)],
            ["Active", String(statistics.activeCodes)],
            ["Inactive", String(statistics.inactiveCodes)],
            ["Total uses", String(statistics.totalUses)],
            ["Most used", statistics.mostUsed ? `${statistics.mostUsed.code} (${statistics.mostUsed.uses})` : "—"],
          ].map(([label, figure]) => (
            <Box key={label} borderWidth="1px" borderRadius="md" p="3">
              <Text as="dt" fontSize="sm" color="fg.muted">
                {label}
              </Text>
              <Text as="dd" m="0" fontSize="xl" fontWeight="semibold">
                {figure}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Box>

      <CreatePromoCodeForm key={answer?.ok && answer.intent === "create" ? "created" : "form"} answer={answer} busy={busy} />

      <Box as="section" aria-labelledby="promo-list">
        <Heading as="h2" id="promo-list" size="lg" mb="3">
          Promo codes ({total})
        </Heading>
        {codes.length === 0 ? (
          <Text>No promo codes yet.</Text>
        ) : (
          <AdminTable
            label="Promo codes"
            caption="Promo codes, newest first"
            columns={["Code", "Description", "Discount", "Usage", "Valid", "Status", "Actions"]}
          >
            {codes.map((promo) => {
              const expired = promo.validUntil !== null && promo.validUntil <= now;
              return (
                <Table.Row key={promo.id}>
                  <Table.Cell fontFamily="mono">{promo.code}</Table.Cell>
                  <Table.Cell>{promo.description || PROMO_MESSAGES.noDescription}</Table.Cell>
                  <Table.Cell>{formatPromoDiscount(promo)}</Table.Cell>
                  <Table.Cell>{formatPromoUsage(promo.currentUses, promo.maxUses)}</Table.Cell>
                  <Table.Cell fontSize="xs">
                    from {dateTimeUtc.format(new Date(promo.validFrom))}
                    {promo.validUntil ? <> until {dateTimeUtc.format(new Date(promo.validUntil))}</> : null}
                    {expired ? " (expired)" : ""}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={promo.active ? "green" : "gray"}>{promo.active ? "Active" : "Inactive"}</Badge>
                  </Table.Cell>
                  <Table.Cell>
                    {promo.active ? (
                      <details>
                        <summary>Deactivate {promo.code}</summary>
                        <Form method="post">
                          <Stack gap="2" py="2" minW="14rem">
                            <Text fontSize="sm">{PROMO_MESSAGES.deactivateConfirm}</Text>
                            <input type="hidden" name="intent" value="deactivate" />
                            <input type="hidden" name="promoCodeId" value={promo.id} />
                            <HStack>
                              <Button type="submit" size="sm" colorPalette="red" disabled={busy}>
                                Yes, deactivate
                              </Button>
                            </HStack>
                          </Stack>
                        </Form>
                      </details>
                    ) : (
                      <Text fontSize="sm" color="fg.muted">
                        —
                      </Text>
                    )}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </AdminTable>
        )}
        <Pagination page={page} totalPages={pageCount} hrefFor={(target) => (target > 1 ? `/admin/promo-codes?page=${target}` : "/admin/promo-codes")} />
      </Box>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
