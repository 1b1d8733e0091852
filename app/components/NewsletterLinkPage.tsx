import { Button, Container, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { Form, Link as RemixLink, useNavigation } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";

/** The page a newsletter e-mail's link opens: what became of it, or one button that does what the link asks. */
export function NewsletterLinkPage({
  title,
  refusal,
  done,
  notice,
  ready,
}: {
  title: string;
  /** The action's refusal of the button (the link expired meanwhile). */
  refusal: string | undefined;
  /** The success banner once the button did its work. */
  done: string | null;
  /** Why there is nothing to do (a link that reads as none). */
  notice: string | null;
  /** The button: the sentence above it, the link's values sent back, its label and colour. */
  ready: { text: string; fields: Record<string, string | number>; submit: string; colorPalette: "blue" | "red" } | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Container maxW="xl" py="16">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <FormErrors errors={refusal ? [refusal] : undefined} />
        {done ? <FormSuccess>{done}</FormSuccess> : null}
        {notice ? <Text>{notice}</Text> : null}
        {ready && !refusal ? (
          <Form method="post">
            <Stack gap="4">
              <Text>{ready.text}</Text>
              {Object.entries(ready.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <Button type="submit" colorPalette={ready.colorPalette} alignSelf="start" disabled={busy}>
                {ready.submit}
              </Button>
            </Stack>
          </Form>
        ) : null}
        <Link asChild alignSelf="start" textDecoration="underline">
          <RemixLink to="/">Back to the home page</RemixLink>
        </Link>
      </Stack>
    </Container>
  );
}
