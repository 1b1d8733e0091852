// The image input: a plain multiple file input that works without JavaScript. With JavaScript it keeps
// adding to the selection, skips repeats (same name and size) and shows previews with a Remove button;
// the first new picture is marked Primary when the listing has none yet. The server checks everything again.
// On phones and tablets a second input, "Take photo", opens the camera (capture="environment"). It carries the
// same field name, so without JavaScript its photo is sent with the chosen images; with JavaScript the photo
// joins the chosen images (and their previews) and the camera input is emptied again.
import { Badge, Box, Button, Field, Image, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from "react";
import { CameraIcon } from "~/components/icons.tsx";

/** Mouse-driven screens have no camera to open: the camera input shows on touch screens only. */
const MOUSE_SCREEN = "@media (hover: hover) and (pointer: fine)";

const MAX_FILE_BYTES = 10 * 1024 * 1024;

interface Chosen {
  file: File;
  url: string;
}

export function ImagePicker({
  maxFiles,
  existingCount,
  errors,
  rechoose,
}: {
  /** How many images a listing may have in all. */
  maxFiles: number;
  /** Images the listing already has (edit). */
  existingCount: number;
  /** The server's messages about the files last sent. */
  errors: string[];
  /** Files were sent with a form that came back: they must be chosen again. */
  rechoose: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const room = Math.max(0, maxFiles - existingCount);

  // Object URLs are released when the previews go away.
  useEffect(() => () => chosen.forEach((c) => URL.revokeObjectURL(c.url)), [chosen]);

  function sync(next: Chosen[]) {
    const input = inputRef.current;
    if (input && typeof DataTransfer !== "undefined") {
      const transfer = new DataTransfer();
      next.forEach((c) => transfer.items.add(c.file));
      input.files = transfer.files;
    }
    setChosen(next);
  }

  /** Adds files to the chosen ones; false when the browser cannot edit a file input's list (no DataTransfer). */
  function add(picked: File[]): boolean {
    if (typeof DataTransfer === "undefined") return false;
    const next = chosen.map((c) => ({ file: c.file, url: URL.createObjectURL(c.file) }));
    const messages: string[] = [];
    for (const file of picked) {
      if (next.some((c) => c.file.name === file.name && c.file.size === file.size)) continue;
      if (!file.type.startsWith("image/")) {
        messages.push(`${file.name}: Only image files are accepted`);
        continue;
      }
      if (file.size > MAX_FILE_BYTES) {
        messages.push(`${file.name} is larger than 10 MB`);
        continue;
      }
      if (next.length >= room) {
        messages.push(`A listing can have at most ${maxFiles} images`);
        break;
      }
      next.push({ file, url: URL.createObjectURL(file) });
    }
    setNotices(messages);
    sync(next);
    return true;
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    add(Array.from(event.target.files ?? []));
  }

  /** A photo from the camera joins the chosen images; the camera input is emptied so it is not sent twice. */
  function onPhoto(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    if (add(Array.from(input.files ?? []))) input.value = "";
  }

  function remove(index: number) {
    const next = chosen.filter((_, i) => i !== index).map((c) => ({ file: c.file, url: URL.createObjectURL(c.file) }));
    setNotices([]);
    sync(next);
  }

  const allErrors = useMemo(() => [...errors, ...notices], [errors, notices]);
  const invalid = allErrors.length > 0;

  return (
    <Stack gap="3">
      <Field.Root invalid={invalid} id="listing-images" ids={{ errorText: "listing-images-error", helperText: "listing-images-help" }}>
        <Field.Label>{existingCount > 0 ? "Add images" : "Choose images"}</Field.Label>
        <Input
          ref={inputRef}
          type="file"
          name="images"
          accept="image/*"
          multiple
          p="1"
          onChange={onChange}
          aria-describedby={invalid ? "listing-images-error" : "listing-images-help"}
        />
        <Field.HelperText id="listing-images-help">
          JPEG, PNG, WebP, GIF and other picture files, up to 10 MB each, at most {maxFiles} per listing
          {existingCount > 0 ? ` (${room} more can be added)` : ""}. Files with the same name and size are added once.
          {existingCount === 0 ? " The first image is the primary one." : ""}
        </Field.HelperText>
        {invalid ? (
          <Field.ErrorText id="listing-images-error">
            <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
              {allErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </Stack>
          </Field.ErrorText>
        ) : null}
      </Field.Root>
      <Field.Root id="listing-camera" disabled={room === 0} css={{ [MOUSE_SCREEN]: { display: "none" } }}>
        <Field.Label>
          <CameraIcon />
          Take photo
        </Field.Label>
        <Input type="file" name="images" accept="image/*" capture="environment" p="1" onChange={onPhoto} />
        <Field.HelperText>Opens the camera; the photo is added to the images.</Field.HelperText>
      </Field.Root>
      {rechoose && chosen.length === 0 ? (
        <Text fontSize="sm" color="fg.warning" role="status">
          Images are not kept when the form is sent back: please choose them again.
        </Text>
      ) : null}
      {chosen.length > 0 ? (
        <SimpleGrid as="ul" columns={{ base: 2, sm: 3, md: 4 }} gap="3" listStyleType="none" m="0" p="0" aria-label="Chosen images">
          {chosen.map((c, index) => (
            <Box as="li" key={`${c.file.name}-${c.file.size}`} borderWidth="1px" rounded="md" overflow="hidden">
              <Box position="relative">
                <Image src={c.url} alt={`Preview of ${c.file.name}`} aspectRatio={4 / 3} objectFit="cover" w="full" />
                {index === 0 && existingCount === 0 ? (
                  <Badge position="absolute" top="2" left="2" colorPalette="blue" variant="solid">
                    Primary
                  </Badge>
                ) : null}
              </Box>
              <Stack gap="1" p="2">
                <Text fontSize="xs" truncate title={c.file.name}>
                  {c.file.name}
                </Text>
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => remove(index)}>
                  Remove<Box as="span" srOnly>{` ${c.file.name}`}</Box>
                </Button>
              </Stack>
            </Box>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
