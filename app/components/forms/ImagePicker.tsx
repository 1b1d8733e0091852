// The field kit's image picker: image files only, each at most `maxFileBytes`, at most `room` more in all, a repeat
// (same name and size) ignored without a word; previews with Remove, the first one marked Primary; the server's
// messages and the picker's own under it. The server checks every file again. Two ways to hold the pictures:
// - "form": a named, visible multiple file input that works without JavaScript (the listing form). With JavaScript
//   the picker keeps adding to the selection and writes it back into the input; on touch screens a second input with
//   the same name, "Take photo", opens the camera and its photo joins the chosen ones.
// - "controlled": the caller keeps the pictures (the AI wizard keeps them on the device): buttons for the file
//   dialog and the camera, and a zone to drop photos on.
import { Badge, Box, Button, Field, HStack, Image, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState, type ChangeEvent, type DragEvent, type ReactNode } from "react";
import { CameraIcon } from "~/components/icons.tsx";
import { acceptImages, type ImageRules } from "./image-rules.ts";

/** Mouse-driven screens have no camera to open: the form picker's camera input shows on touch screens only. */
const MOUSE_SCREEN = "@media (hover: hover) and (pointer: fine)";

export interface PreviewItem {
  key: string;
  name: string;
  /** The preview's object URL; none yet while it is being made. */
  url: string | undefined;
}

function ImagePreviews({
  label,
  items,
  primaryFirst,
  onRemove,
  disabled,
}: {
  label: string;
  items: PreviewItem[];
  primaryFirst: boolean;
  onRemove: (key: string) => void;
  disabled?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <SimpleGrid as="ul" columns={{ base: 2, sm: 3, md: 4 }} gap="3" listStyleType="none" m="0" p="0" aria-label={label}>
      {items.map((item, index) => (
        <Box as="li" key={item.key} borderWidth="1px" rounded="md" overflow="hidden">
          <Box position="relative">
            {item.url ? (
              <Image src={item.url} alt={`Preview of ${item.name}`} aspectRatio={4 / 3} objectFit="cover" w="full" />
            ) : (
              <Box aspectRatio={4 / 3} bg="bg.muted" />
            )}
            {index === 0 && primaryFirst ? (
              <Badge position="absolute" top="2" left="2" colorPalette="blue" variant="solid">
                Primary
              </Badge>
            ) : null}
          </Box>
          <Stack gap="1" p="2">
            <Text fontSize="xs" truncate title={item.name}>
              {item.name}
            </Text>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => onRemove(item.key)} disabled={disabled} minH="11">
              Remove<Box as="span" srOnly>{` ${item.name}`}</Box>
            </Button>
          </Stack>
        </Box>
      ))}
    </SimpleGrid>
  );
}

function MessageList({ id, messages, role }: { id: string; messages: string[]; role?: "alert" }) {
  if (messages.length === 0) return null;
  return (
    <Stack as="ul" id={id} gap="1" listStyleType="none" m="0" p="0" color="fg.error" fontSize="sm" role={role}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </Stack>
  );
}

interface Common {
  /** The ids of the picker's parts start with it. */
  id: string;
  /** The server's messages about the files last sent. */
  errors: string[];
  rules: ImageRules;
  helper: ReactNode;
}

export interface FormImagePickerProps extends Common {
  mode: "form";
  /** The form field the files are sent in. */
  name: string;
  label: string;
  /** Whether the first new picture becomes the primary one (the listing has none yet). */
  primaryFirst: boolean;
  /** Files were sent with a form that came back: they must be chosen again. */
  rechoose: boolean;
}

export interface PickedImage {
  id: string;
  name: string;
  size: number;
}

export interface ControlledImagePickerProps extends Common {
  mode: "controlled";
  legend: string;
  images: PickedImage[];
  /** Preview URLs by image id. */
  urls: Record<string, string>;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  disabled: boolean;
}

export function ImagePicker(props: FormImagePickerProps | ControlledImagePickerProps) {
  return props.mode === "form" ? <FormImagePicker {...props} /> : <ControlledImagePicker {...props} />;
}

interface Chosen {
  file: File;
  url: string;
}

function FormImagePicker({ id, name, label, errors, rules, helper, primaryFirst, rechoose }: FormImagePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [notices, setNotices] = useState<string[]>([]);

  // Object URLs are released when the previews go away.
  useEffect(() => () => chosen.forEach((c) => URL.revokeObjectURL(c.url)), [chosen]);

  function sync(next: File[]) {
    const input = inputRef.current;
    if (input && typeof DataTransfer !== "undefined") {
      const transfer = new DataTransfer();
      next.forEach((file) => transfer.items.add(file));
      input.files = transfer.files;
    }
    setChosen(next.map((file) => ({ file, url: URL.createObjectURL(file) })));
  }

  /** Adds files to the chosen ones; false when the browser cannot edit a file input's list (no DataTransfer). */
  function add(picked: File[]): boolean {
    if (typeof DataTransfer === "undefined") return false;
    const current = chosen.map((c) => c.file);
    const { accepted, messages } = acceptImages(current, picked, rules);
    setNotices(messages);
    sync([...current, ...accepted.map((index) => picked[index]!)]);
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

  function remove(key: string) {
    setNotices([]);
    sync(chosen.filter((c) => `${c.file.name}-${c.file.size}` !== key).map((c) => c.file));
  }

  const messages = [...errors, ...notices];
  const invalid = messages.length > 0;
  return (
    <Stack gap="3">
      <Field.Root invalid={invalid} id={id} ids={{ errorText: `${id}-error`, helperText: `${id}-help` }}>
        <Field.Label>{label}</Field.Label>
        <Input
          ref={inputRef}
          type="file"
          name={name}
          accept="image/*"
          multiple
          p="1"
          onChange={onChange}
          aria-describedby={invalid ? `${id}-error` : `${id}-help`}
        />
        <Field.HelperText id={`${id}-help`}>{helper}</Field.HelperText>
        {invalid ? (
          <Field.ErrorText id={`${id}-error`}>
            <MessageList id={`${id}-messages`} messages={messages} />
          </Field.ErrorText>
        ) : null}
      </Field.Root>
      <Field.Root id={`${id}-camera`} disabled={rules.room === 0} css={{ [MOUSE_SCREEN]: { display: "none" } }}>
        <Field.Label>
          <CameraIcon />
          Take photo
        </Field.Label>
        <Input type="file" name={name} accept="image/*" capture="environment" p="1" onChange={onPhoto} />
        <Field.HelperText>Opens the camera; the photo is added to the images.</Field.HelperText>
      </Field.Root>
      {rechoose && chosen.length === 0 ? (
        <Text fontSize="sm" color="fg.warning" role="status">
          Images are not kept when the form is sent back: please choose them again.
        </Text>
      ) : null}
      <ImagePreviews
        label="Chosen images"
        items={chosen.map((c) => ({ key: `${c.file.name}-${c.file.size}`, name: c.file.name, url: c.url }))}
        primaryFirst={primaryFirst}
        onRemove={remove}
      />
    </Stack>
  );
}

function ControlledImagePicker({ id, legend, errors, rules, helper, images, urls, onAdd, onRemove, disabled }: ControlledImagePickerProps) {
  const pickerRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [notices, setNotices] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);

  function add(files: File[]) {
    const { accepted, messages } = acceptImages(images, files, rules);
    setNotices(messages);
    if (accepted.length > 0) onAdd(accepted.map((index) => files[index]!));
  }

  function onPicked(event: ChangeEvent<HTMLInputElement>) {
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
    <Stack gap="3" as="fieldset" aria-describedby={messages.length > 0 ? `${id}-error ${id}-help` : `${id}-help`}>
      <Box as="legend" fontWeight="medium" fontSize="sm" mb="1">
        {legend}{" "}
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
          <Text id={`${id}-help`} fontSize="sm" color="fg.muted">
            {helper}
          </Text>
        </Stack>
        <input ref={pickerRef} type="file" accept="image/*" multiple hidden aria-label="Choose photos" onChange={onPicked} />
        <input ref={cameraRef} type="file" accept="image/*" capture="environment" hidden aria-label="Take a photo with the camera" onChange={onPicked} />
      </Box>
      <MessageList id={`${id}-error`} messages={messages} role="alert" />
      <ImagePreviews
        label="Chosen photos"
        items={images.map((image) => ({ key: image.id, name: image.name, url: urls[image.id] }))}
        primaryFirst
        onRemove={onRemove}
        disabled={disabled}
      />
    </Stack>
  );
}
