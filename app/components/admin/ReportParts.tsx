// The head of the admin report pages (/admin/reports, /admin/sales): the page title with its "Export CSV" download,
// and the GET form of one select (the period, the order status) with its submit button. Works without JavaScript.
import { Box, Button, chakra, Flex, Heading, Link, NativeSelect } from "@chakra-ui/react";
import { Form } from "@remix-run/react";

export function ReportTitle({ title, csvHref }: { title: string; csvHref: string }) {
  return (
    <Flex justify="space-between" align="end" gap="4" wrap="wrap">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Link asChild textDecoration="underline">
        <a href={csvHref} download>
          Export CSV
        </a>
      </Link>
    </Flex>
  );
}

export function SelectFilterForm({
  id,
  name,
  label,
  width,
  value,
  options,
  submit,
}: {
  id: string;
  name: string;
  label: string;
  width: string;
  value: string;
  options: readonly { value: string; label: string }[];
  submit: string;
}) {
  return (
    <Form method="get">
      <Flex gap="3" align="end" wrap="wrap">
        <Box>
          <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium" display="block">
            {label}
          </chakra.label>
          <NativeSelect.Root size="sm" width={width}>
            <NativeSelect.Field id={id} name={name} defaultValue={value}>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
        <Button type="submit" size="sm" variant="outline">
          {submit}
        </Button>
      </Flex>
    </Form>
  );
}
