// What a refused dispute message or proof of delivery shows: those forms post to their own routes
// (/orders/{id}/dispute, /orders/{id}/delivered), so a refusal lands there, with and without JavaScript. The page says
// what was wrong, field by field, and leads back to the order, where the form is.
import { Alert, Button, Container, Heading, List, Stack } from "@chakra-ui/react";
import { Link as RemixLink, useActionData, useParams } from "@remix-run/react";

interface Refusal {
  form: "dispute_message" | "delivery_proof";
  fieldErrors?: Partial<Record<string, string>>;
  formError?: string;
}

export function EvidenceFormRefusal() {
  const refusal = useActionData<Refusal>();
  const { id } = useParams();
  const messages = refusal ? [refusal.formError, ...Object.values(refusal.fieldErrors ?? {})].filter((message): message is string => Boolean(message)) : [];
  const title = refusal?.form === "delivery_proof" ? "The delivery was not recorded" : "Your message was not sent";
  if (!refusal) {
    return (
      <Container maxW="2xl" py="10">
        <Stack gap="5">
          <Heading as="h1" size="xl">
            This form is on the order page
          </Heading>
          <Button asChild colorPalette="blue" alignSelf="start">
            <RemixLink to={`/orders/${id ?? ""}`}>Go to the order</RemixLink>
          </Button>
        </Stack>
      </Container>
    );
  }
  return (
    <Container maxW="2xl" py="10">
      <Stack gap="5">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Please correct this and send it again:</Alert.Title>
            <Alert.Description>
              <List.Root ps="4">
                {(messages.length > 0 ? messages : ["Please check the form."]).map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List.Root>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild colorPalette="blue" alignSelf="start">
          <RemixLink to={`/orders/${id ?? ""}`}>Back to the order</RemixLink>
        </Button>
      </Stack>
    </Container>
  );
}
