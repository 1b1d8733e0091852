// The edit form's stored images: move up or down, make primary, remove. Each button is a real form
// submit (a fetcher when JavaScript runs, so what is typed in the main form stays as it is).
import { Badge, Box, Button, Heading, HStack, Image, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useFetcher } from "@remix-run/react";

export interface ManagedImage {
  id: number;
  url: string;
  thumbnailUrl: string;
  isPrimary: boolean;
  originalName: string;
}

export type ImageIntent = "image-up" | "image-down" | "image-primary" | "image-remove";

function ImageCard({ image, index, count, title }: { image: ManagedImage; index: number; count: number; title: string }) {
  const fetcher = useFetcher<{ imageMessage?: string }>();
  const busy = fetcher.state !== "idle";
  const label = `image ${index + 1}`;
  return (
    <Box as="li" borderWidth="1px" rounded="md" overflow="hidden" opacity={busy ? 0.6 : 1}>
      <Box position="relative">
        <Image src={image.thumbnailUrl} alt={`${title}, image ${index + 1} of ${count}`} aspectRatio={4 / 3} objectFit="cover" w="full" />
        {image.isPrimary ? (
          <Badge position="absolute" top="2" left="2" colorPalette="blue" variant="solid">
            Primary
          </Badge>
        ) : null}
      </Box>
      <fetcher.Form method="post">
        <input type="hidden" name="imageId" value={image.id} />
        <Stack gap="2" p="2">
          {image.originalName ? (
            <Text fontSize="xs" truncate title={image.originalName}>
              {image.originalName}
            </Text>
          ) : null}
          <HStack gap="1" wrap="wrap">
            <Button type="submit" name="intent" value="image-up" size="xs" variant="outline" disabled={busy || index === 0}>
              Move up<Box as="span" srOnly>{` ${label}`}</Box>
            </Button>
            <Button type="submit" name="intent" value="image-down" size="xs" variant="outline" disabled={busy || index === count - 1}>
              Move down<Box as="span" srOnly>{` ${label}`}</Box>
            </Button>
          </HStack>
          <HStack gap="1" wrap="wrap">
            {image.isPrimary ? null : (
              <Button type="submit" name="intent" value="image-primary" size="xs" variant="outline" disabled={busy}>
                Make primary<Box as="span" srOnly>{` ${label}`}</Box>
              </Button>
            )}
            <Button type="submit" name="intent" value="image-remove" size="xs" variant="outline" colorPalette="red" disabled={busy}>
              Remove<Box as="span" srOnly>{` ${label}`}</Box>
            </Button>
          </HStack>
        </Stack>
      </fetcher.Form>
    </Box>
  );
}

export function ImageManager({ images, title, message }: { images: ManagedImage[]; title: string; message?: string }) {
  return (
    <Box as="section" aria-labelledby="current-images-heading" borderWidth="1px" rounded="lg" p="5">
      <Heading as="h2" size="md" id="current-images-heading" mb="1">
        Current images
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="3">
        Changes to these images are saved at once. The primary image is shown first on cards and the listing page.
      </Text>
      {message ? (
        <Text role="status" fontSize="sm" mb="3">
          {message}
        </Text>
      ) : null}
      {images.length === 0 ? (
        <Text>This listing has no images yet. Add some with the form below.</Text>
      ) : (
        <SimpleGrid as="ol" columns={{ base: 2, sm: 3, md: 4 }} gap="3" listStyleType="none" m="0" p="0" aria-label="Current images, in gallery order">
          {images.map((image, index) => (
            <ImageCard key={image.id} image={image} index={index} count={images.length} title={title} />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
