// Three published testimonials; the section is left out when there are none.
import { Box, Card, Container, Heading, HStack, SimpleGrid, Text } from "@chakra-ui/react";
import type { Testimonial } from "~/services/testimonials.server.ts";

function Stars({ rating }: { rating: number }) {
  return (
    <HStack gap="0.5" color="orange.fg" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, index) => (
        <svg key={index} width="16" height="16" viewBox="0 0 24 24" fill={index < rating ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.5" aria-hidden="true" focusable="false">
          <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
        </svg>
      ))}
    </HStack>
  );
}

export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
  if (testimonials.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="testimonials-heading" py="12" bg="bg.subtle">
      <Container maxW="7xl">
        <Heading as="h2" id="testimonials-heading" size="2xl" mb="6">
          What our customers say
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
          {testimonials.map((testimonial) => (
            <Card.Root as="figure" key={testimonial.id} m="0" h="full">
              <Card.Body gap="4">
                <Stars rating={testimonial.rating} />
                <Box as="blockquote" flex="1">
                  <Text>“{testimonial.quote}”</Text>
                </Box>
                <Box as="figcaption">
                  <Text fontWeight="semibold">{testimonial.authorName}</Text>
                  {testimonial.authorTitle || testimonial.company ? (
                    <Text fontSize="sm" color="fg.muted">
                      {[testimonial.authorTitle, testimonial.company].filter(Boolean).join(", ")}
                    </Text>
                  ) : null}
                </Box>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
