// Friendly pages for errors: 404 with the spec's suggested links, 429, 403, 400, 413 (a form too large), 503 and 500.
import { Box, Button, Container, Heading, Link, SimpleGrid, Text } from "@chakra-ui/react";
import { isRouteErrorResponse, Link as RemixLink, useRouteError } from "@remix-run/react";
import { NOT_FOUND_LINKS } from "~/lib/navigation.ts";

function messageOf(data: unknown): string | null {
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  return typeof data === "string" && data.length < 300 ? data : null;
}

export function NotFoundPage() {
  return (
    <Container maxW="3xl" py="16" textAlign="center">
      <Text fontSize="6xl" fontWeight="bold" color="blue.fg">
        404
      </Text>
      <Heading as="h1" size="2xl" mb="3">
        Page not found
      </Heading>
      <Text color="fg.muted" mb="8">
        The page you are looking for does not exist or has moved. These may help:
      </Text>
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2 }} gap="3" listStyleType="none" aria-label="Helpful links">
        {NOT_FOUND_LINKS.map((item) => (
          <li key={item.to}>
            <Link asChild display="block" p="3" borderWidth="1px" rounded="md" _hover={{ bg: "bg.muted" }}>
              <RemixLink to={item.to}>{item.label}</RemixLink>
            </Link>
          </li>
        ))}
      </SimpleGrid>
    </Container>
  );
}

function ProblemPage({ code, title, text }: { code: number; title: string; text: string }) {
  return (
    <Container maxW="2xl" py="16" textAlign="center">
      <Text fontSize="5xl" fontWeight="bold" color="blue.fg">
        {code}
      </Text>
      <Heading as="h1" size="2xl" mb="3">
        {title}
      </Heading>
      <Text color="fg.muted" mb="8">
        {text}
      </Text>
      <Box>
        <Button asChild colorPalette="blue">
          <RemixLink to="/">Back to the home page</RemixLink>
        </Button>
      </Box>
    </Container>
  );
}

export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    if (error.status === 429) {
      return <ProblemPage code={429} title="Too many attempts" text={messageOf(error.data) ?? "Too many attempts. Please wait a few minutes and try again."} />;
    }
    if (error.status === 403) {
      return <ProblemPage code={403} title="Not allowed" text={messageOf(error.data) ?? "You do not have access to this page."} />;
    }
    if (error.status === 413) {
      return (
        <ProblemPage
          code={413}
          title="Too much to send"
          text={messageOf(error.data) ?? "This form is too large to send. Please shorten what you entered and try again."}
        />
      );
    }
    if (error.status === 503) {
      return <ProblemPage code={503} title="Busy just now" text={messageOf(error.data) ?? "The marketplace is busy just now. Please try again in a moment."} />;
    }
    if (error.status === 400) {
      return <ProblemPage code={400} title="That request could not be understood" text={messageOf(error.data) ?? "Please check the address and try again."} />;
    }
  }
  return (
    <ProblemPage
      code={500}
      title="Something went wrong"
      text="We could not complete that just now. Please try again in a moment; if it keeps happening, contact us."
    />
  );
}
