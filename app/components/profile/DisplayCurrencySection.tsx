// /profile's "Display currency" section: the currency "≈" amounts beside listing prices are shown in,
// posted to /profile/currency. "From my browser's language" (the default) follows Accept-Language as for visitors.
import { Box, Button, Heading, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { Form } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { BROWSER_CURRENCY } from "~/lib/display-currency.ts";
import { CURRENCIES } from "~/lib/money.ts";

export function DisplayCurrencySection({ chosen, browser, notice }: { chosen: string; browser: string; notice: { ok: boolean; message: string } | null }) {
  return (
    <Box as="section" aria-labelledby="display-currency-heading" id="display-currency" borderWidth="1px" rounded="lg" p="5" scrollMarginTop="20">
      <Heading as="h2" size="md" id="display-currency-heading" mb="3">
        Display currency
      </Heading>
      <Form method="post" action="/profile/currency">
        <Stack gap="3">
          {notice ? notice.ok ? <FormSuccess>{notice.message}</FormSuccess> : <FormErrors errors={[notice.message]} /> : null}
          <Text fontSize="sm" color="fg.muted">
            Listing prices in another currency also show an approximate amount (≈) in this one. You always pay in the listing&apos;s currency.
          </Text>
          <label htmlFor="display-currency-choice">Show approximate prices in</label>
          <NativeSelect.Root maxW="sm">
            <NativeSelect.Field id="display-currency-choice" name="currency" defaultValue={chosen}>
              <option value={BROWSER_CURRENCY}>{`From my browser's language (${browser})`}</option>
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </NativeSelect.Field>
          </NativeSelect.Root>
          <Button type="submit" variant="outline" alignSelf="start">
            Save display currency
          </Button>
        </Stack>
      </Form>
    </Box>
  );
}
