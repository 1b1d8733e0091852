// Step 1's photos: a file picker, the phone's camera (capture="environment") and drag and drop onto the zone, with
// previews, Remove buttons and the first photo marked Primary. Image files only, at most 10 MB each and 10 in all;
// a repeat (same name and size) is ignored. The server checks every file again.
import { Badge, Box, Button, HStack, Image, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useRef, useState, type DragEvent } from "react";
import { WIZARD_MAX_PHOTOS } from "~/schemas/ai-listing-create.ts";
import { acceptPhotos, type WizardPhoto } from "./wizard-state.ts";

function newId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function PhotoPicker({
  photos,
  urls,
  onAdd,
  onRemove,
  errors,
  disabled,
}: {
  photos: WizardPhoto[];
  /** Preview URLs by photo id. */
  urls: Record<string, string>;
  onAdd: (photos: WizardPhoto[]) => void;
  onRemove: (id: string) => void;
  /** The server's messages about the photos last sent. */
  errors: string[];
  disabled: boolean;
}) {
  const pickerRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [notices, setNotices] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);

  function add(files: File[]) {
    const { accepted, messages } = acceptPhotos(photos, files);
    setNotices(messages);
    const chosen = accepted.map((index) => {
      const file = files[index]!;
      return { id: newId(), name: file.name, size: file.size, type: file.type, blob: file as Blob };
    });
    if (chosen.length > 0) onAdd(chosen);
  }

  function onPicked(event: React.ChangeEvent<HTMLInputElement>) {
    add(Array.from(event.target.files ?? []));
    // The same file can be picked again after a removal.
    event.target.value = "";
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add(Array.from(event.dataTransfer.files));
  }

  const messages = [...errors, ...notices];
  return (
    <Stack gap="3" as="fieldset" aria-describedby="wizard-photos-help">
      <Box as="legend" fontWeight="medium" fontSize="sm" mb="1">
        Photos{" "}
        <Box as="span" color="fg.error" aria-hidden="true">
          *
        </Box>
      </Box>
      <Box
        data-testid="photo-drop-zone"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? "blue.solid" : messages.length > 0 ? "border.error" : "border"}
        bg={dragging ? "blue.subtle" : "bg.subtle"}
        rounded="lg"
        p={{ base: "4", md: "6" }}
        textAlign="center"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Stack gap="3" align="center">
          <Text fontWeight="medium">Drag and drop photos here, or</Text>
          <HStack gap="3" flexWrap="wrap" justify="center">
            <Button variant="outline" onClick={() => pickerRef.current?.click()} disabled={disabled} minH="11">
              Choose photos
            </Button>
            <Button variant="outline" onClick={() => cameraRef.current?.click()} disabled={disabled} minH="11">
              Take a photo
            </Button>
          </HStack>
          <Text id="wizard-photos-help" fontSize="sm" color="fg.muted">
            PNG, JPG, GIF up to 10MB. Up to {WIZARD_MAX_PHOTOS} photos; include the nameplate. The first photo is the primary one.
          </Text>
        </Stack>
        <input ref={pickerRef} type="file" accept="image/*" multiple hidden aria-label="Choose photos" onChange={onPicked} />
        <input ref={cameraRef} type="file" accept="image/*" capture="environment" hidden aria-label="Take a photo with the camera" onChange={onPicked} />
      </Box>
      {messages.length > 0 ? (
        <Stack as="ul" id="wizard-photos-error" gap="1" listStyleType="none" m="0" p="0" color="fg.error" fontSize="sm" role="alert">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </Stack>
      ) : null}
      {photos.length > 0 ? (
        <SimpleGrid as="ul" columns={{ base: 2, sm: 3, md: 4 }} gap="3" listStyleType="none" m="0" p="0" aria-label="Chosen photos">
          {photos.map((photo, index) => (
            <Box as="li" key={photo.id} borderWidth="1px" rounded="md" overflow="hidden">
              <Box position="relative">
                {urls[photo.id] ? (
                  <Image src={urls[photo.id]} alt={`Preview of ${photo.name}`} aspectRatio={4 / 3} objectFit="cover" w="full" />
                ) : (
                  <Box aspectRatio={4 / 3} bg="bg.muted" />
                )}
                {index === 0 ? (
                  <Badge position="absolute" top="2" left="2" colorPalette="blue" variant="solid">
                    Primary
                  </Badge>
                ) : null}
              </Box>
              <Stack gap="1" p="2">
                <Text fontSize="xs" truncate title={photo.name}>
                  {photo.name}
                </Text>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => onRemove(photo.id)} disabled={disabled} minH="11">
                  Remove<Box as="span" srOnly>{` ${photo.name}`}</Box>
                </Button>
              </Stack>
            </Box>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
