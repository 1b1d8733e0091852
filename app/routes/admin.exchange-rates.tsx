// /admin/exchange-rates: the operator's exchange rates (docs/decisions/0062, 0069). The current rate of
// each currency with its date and who set it, the currencies without one, the newest entries; a form to set one rate
// (read by the strict parser: no sign, exponent or hexadecimal), and an upload of a CSV (currency,date,units_per_usd)
// or the ECB's eurofxref-daily.xml that the operator downloaded. The file is bounded (256 KB) before it is read, and
// a bad file changes nothing: every rate is checked first, then all are recorded in one transaction with their audit
// rows (/admin/audit-log). Staff whose role holds can_manage_billing only (the permission that sets what money is
// worth, which also asks for a second factor); the loader and the action both check it. Works without JavaScript.
import { Badge, Box, Button, Field, Heading, HStack, Input, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { AdminTable } from "~/components/admin/AdminTable.tsx";
import { FormErrors, FormSuccess, SelectField, TextField } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { EXCHANGE_RATE_MESSAGES, MAX_RATE_FILE_BYTES } from "~/lib/exchange-rates.ts";
import { CURRENCIES } from "~/lib/money.ts";
import { ExchangeRateActionSchema, RATE_FILE_FIELD } from "~/schemas/exchange-rates.ts";
import { listExchangeRates, parseEcbDailyXml, parseExchangeRateCsv, recordExchangeRates, type ExchangeRateEntry } from "~/services/pricing/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { fieldErrorsOf, parseForm } from "~/web/form-data.server.ts";
import { dateTimeUtc } from "~/components/admin/admin-dates.ts";

export const meta: MetaFunction = () => [{ title: "Exchange rates — Admin console — Tradebench" }];

const PERMISSION = "can_manage_billing";

const SOURCE_LABELS: Record<string, string> = { initial: "Starting rates", manual: "Typed in", csv: "CSV file", ecb: "ECB daily file" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, PERMISSION);
  const view = await listExchangeRates(getDb(), 30);
  return { ...view, today: new Date().toISOString().slice(0, 10) };
}

interface SetValues {
  currency: string;
  date: string;
  unitsPerUsd: string;
}

type Answer =
  | { ok: true; intent: "set" | "import"; message: string }
  | { ok: false; intent: "set" | "import"; message: string; fieldErrors?: Record<string, string[]>; values?: Partial<SetValues> };

function sentValues(fields: FormData): Partial<SetValues> {
  const text = (name: keyof SetValues) => {
    const value = fields.get(name);
    return typeof value === "string" ? value.slice(0, 40) : "";
  };
  return { currency: text("currency"), date: text("date"), unitsPerUsd: text("unitsPerUsd") };
}

/** The rates a file holds: the ECB's XML when it starts like XML, else a CSV; refusals are DomainErrors. */
function ratesOfFile(text: string): { entries: ExchangeRateEntry[]; source: "csv" | "ecb" } {
  const start = text.replace(/^\uFEFF/, "").trimStart();
  return start.startsWith("<") ? { entries: parseEcbDailyXml(text), source: "ecb" } : { entries: parseExchangeRateCsv(text), source: "csv" };
}

const failedImport = (message: string, status = 400) => data<Answer>({ ok: false, intent: "import", message: `Nothing was imported. ${message}` }, { status });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, PERMISSION);
  const { submission, fields, files } = await parseForm(request, ExchangeRateActionSchema, {
    files: {
      field: RATE_FILE_FIELD,
      maxFileBytes: MAX_RATE_FILE_BYTES,
      maxFiles: 1,
      maxFields: 10,
      maxFieldBytes: 1024,
      // A file a little over the limit still gets its message; far over it, the body is refused as it arrives.
      maxTotalBytes: 2 * MAX_RATE_FILE_BYTES,
    },
  });
  const intent = fields.get("intent") === "import" ? "import" : "set";
  if (submission.status !== "success") {
    const { fieldErrors, first } = fieldErrorsOf(submission.error);
    return data<Answer>({ ok: false, intent, message: first, fieldErrors, values: sentValues(fields) }, { status: 400 });
  }
  const db = getDb();
  if (submission.value.intent === "set") {
    const { currency, date, unitsPerUsd } = submission.value;
    return refusalsAnswered(
      async () => {
        const result = await recordExchangeRates(db, user.id, [{ currency, date, unitsPerUsd }], "manual");
        return data<Answer>({
          ok: true,
          intent: "set",
          message: result.recorded > 0 ? EXCHANGE_RATE_MESSAGES.saved(currency, date) : EXCHANGE_RATE_MESSAGES.unchanged,
        });
      },
      {
        as: (refusal): Answer => ({
          ok: false,
          intent: "set",
          message: refusal.message,
          fieldErrors: { [refusal.field ?? "unitsPerUsd"]: [refusal.message] },
          values: sentValues(fields),
        }),
      },
    );
  }
  // The file's size is checked before anything reads it (the multipart reader keeps no bytes of a file over its bound).
  const file = files[0];
  if (file?.status === "too_big") return failedImport(EXCHANGE_RATE_MESSAGES.tooLarge, 413);
  if (!file?.bytes || file.size === 0) return failedImport(EXCHANGE_RATE_MESSAGES.noFile);
  let text: string;
  // Stays: a file that is not UTF-8 is a parse error of the upload, not a refusal.
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(file.bytes);
  } catch {
    return failedImport(EXCHANGE_RATE_MESSAGES.notText);
  }
  if (text.includes("\u0000")) return failedImport(EXCHANGE_RATE_MESSAGES.notText);
  return refusalsAnswered(
    async () => {
      const { entries, source } = ratesOfFile(text);
      const result = await recordExchangeRates(db, user.id, entries, source);
      return data<Answer>({
        ok: true,
        intent: "import",
        message: result.recorded > 0 ? EXCHANGE_RATE_MESSAGES.imported(result.recorded, result.unchanged) : EXCHANGE_RATE_MESSAGES.unchanged,
      });
    },
    { as: (refusal): Answer => ({ ok: false, intent: "import", message: `Nothing was imported. ${refusal.message}` }) },
  );
}

function SetRateForm({ answer, busy, today }: { answer: Answer | undefined; busy: boolean; today: string }) {
  const failed = answer && !answer.ok && answer.intent === "set" ? answer : undefined;
  const sent = failed?.values ?? {};
  const [currency, setCurrency] = useState(sent.currency || "EUR");
  const [date, setDate] = useState(sent.date || today);
  const [unitsPerUsd, setUnitsPerUsd] = useState(sent.unitsPerUsd ?? "");
  const errors = (name: keyof SetValues) => failed?.fieldErrors?.[name];
  return (
    <Box as="section" aria-labelledby="set-rate" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" id="set-rate" size="lg" mb="3">
        Set a rate
      </Heading>
      <Form method="post">
        <input type="hidden" name="intent" value="set" />
        <Stack gap="4">
          {answer?.intent === "set" ? answer.ok ? <FormSuccess>{answer.message}</FormSuccess> : <FormErrors errors={[answer.message]} /> : null}
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <SelectField
              id="rate-currency"
              name="currency"
              label="Currency"
              required
              value={currency}
              onChange={setCurrency}
              options={CURRENCIES.map((code) => ({ value: code, label: code }))}
              errors={errors("currency")}
            />
            <TextField id="rate-date" name="date" label="Date" type="date" required value={date} onChange={setDate} max={today} errors={errors("date")} />
            <TextField
              id="rate-units"
              name="unitsPerUsd"
              label="Units per US dollar"
              required
              inputMode="decimal"
              placeholder="0.92"
              value={unitsPerUsd}
              onChange={setUnitsPerUsd}
              maxLength={30}
              errors={errors("unitsPerUsd")}
              helper="How many units of the currency one US dollar buys, e.g. 0.92 for the euro, 150 for the yen."
            />
          </SimpleGrid>
          <Button type="submit" colorPalette="blue" alignSelf="start" disabled={busy}>
            Save rate
          </Button>
        </Stack>
      </Form>
    </Box>
  );
}

function ImportForm({ answer, busy }: { answer: Answer | undefined; busy: boolean }) {
  return (
    <Box as="section" aria-labelledby="import-rates" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" id="import-rates" size="lg" mb="3">
        Import a file
      </Heading>
      <Form method="post" encType="multipart/form-data">
        <input type="hidden" name="intent" value="import" />
        <Stack gap="3">
          {answer?.intent === "import" ? answer.ok ? <FormSuccess>{answer.message}</FormSuccess> : <FormErrors errors={[answer.message]} /> : null}
          <Text fontSize="sm" color="fg.muted">
            A CSV whose first line is <code>currency,date,units_per_usd</code> (one rate a line, dates as YYYY-MM-DD), or the European Central Bank&apos;s daily
            reference rates file <code>eurofxref-daily.xml</code> as downloaded. At most 256 KB and 200 rates. Nothing is fetched from the internet; if any rate
            in the file is wrong, nothing is imported. Importing the same file twice changes nothing.
          </Text>
          <Field.Root>
            <Field.Label>Rates file (CSV or XML)</Field.Label>
            <Input type="file" name={RATE_FILE_FIELD} accept=".csv,.xml,text/csv,text/xml,application/xml" p="1" />
          </Field.Root>
          <Button type="submit" variant="outline" alignSelf="start" disabled={busy}>
            Import rates
          </Button>
        </Stack>
      </Form>
    </Box>
  );
}

export default function ExchangeRatesPage() {
  const { reference, current, missing, history, today } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Stack gap="8">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Exchange rates
        </Heading>
        <Text color="fg.muted">
          Prices are filtered, sorted and compared in {reference}, converted with the latest rate of each currency. Buyers see &ldquo;≈&rdquo; amounts in their
          own currency; checkout is always in the listing&apos;s currency.
        </Text>
      </Stack>
      <Box as="section" aria-labelledby="current-rates">
        <Heading as="h2" id="current-rates" size="lg" mb="3">
          Current rates
        </Heading>
        {missing.length > 0 ? (
          <Text role="alert" color="red.fg" mb="3">
            No rate for {missing.join(", ")}: listings in {missing.length === 1 ? "it" : "them"} are left out of price filters until one is set.
          </Text>
        ) : null}
        <AdminTable
          label="Current exchange rates"
          caption="The latest rate of each currency"
          columns={["Currency", "Units per US dollar", `Units per ${reference}`, "Date", "Set by", "Source"]}
        >
          {current.map((rate) => (
            <Table.Row key={rate.currency}>
              <Table.Cell fontWeight="semibold">{rate.currency}</Table.Cell>
              <Table.Cell fontFamily="mono">{rate.unitsPerUsd}</Table.Cell>
              <Table.Cell fontFamily="mono">{Number(rate.perReference.toPrecision(10))}</Table.Cell>
              <Table.Cell>
                {rate.date}
                {rate.date < today ? null : (
                  <Badge ms="2" colorPalette="green">
                    today
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell>{rate.recordedBy ?? "—"}</Table.Cell>
              <Table.Cell>{SOURCE_LABELS[rate.source] ?? rate.source}</Table.Cell>
            </Table.Row>
          ))}
        </AdminTable>
      </Box>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <SetRateForm key={answer?.ok && answer.intent === "set" ? answer.message : "form"} answer={answer} busy={busy} today={today} />
        <ImportForm answer={answer} busy={busy} />
      </SimpleGrid>
      <Box as="section" aria-labelledby="rate-history">
        <Heading as="h2" id="rate-history" size="lg" mb="3">
          Recent entries
        </Heading>
        {history.length === 0 ? (
          <Text>No rates recorded yet.</Text>
        ) : (
          <AdminTable
            label="Recent exchange-rate entries"
            caption="Newest first; every change is also in the audit log"
            columns={["Recorded", "Currency", "Date", "Units per US dollar", "Set by", "Source"]}
          >
            {history.map((rate, index) => (
              <Table.Row key={`${rate.currency}-${rate.date}-${index}`}>
                <Table.Cell fontSize="xs">{dateTimeUtc.format(new Date(rate.recordedAt))}</Table.Cell>
                <Table.Cell>{rate.currency}</Table.Cell>
                <Table.Cell>{rate.date}</Table.Cell>
                <Table.Cell fontFamily="mono">{rate.unitsPerUsd}</Table.Cell>
                <Table.Cell>{rate.recordedBy ?? "—"}</Table.Cell>
                <Table.Cell>{SOURCE_LABELS[rate.source] ?? rate.source}</Table.Cell>
              </Table.Row>
            ))}
          </AdminTable>
        )}
        <HStack mt="2">
          <Text fontSize="sm" color="fg.muted">
            Who changed which rate, with the value before and after, is in the audit log.
          </Text>
        </HStack>
      </Box>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
