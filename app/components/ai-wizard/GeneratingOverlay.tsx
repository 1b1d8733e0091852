// The overlay while a draft is generated (docs/product/listings.md#ai-assistant: "Analyzing equipment and generating listing..."). Its stages
// follow what is really known: the upload's bytes as they leave the browser, then the server's work (reading the
// nameplate, writing the listing, pricing it), which the browser cannot see step by step, shown as under way with
// the seconds it has taken so far, until the answer arrives.
import { Box, Button, Heading, HStack, Progress, Spinner, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { AI_LISTING_MESSAGES } from "~/schemas/ai-listing-create.ts";
import type { GenerationProgress } from "./generate-request.ts";

const SERVER_STAGES = ["Reading the nameplate", "Writing the listing", "Pricing from comparable listings"];

function StageMark({ state }: { state: "done" | "working" | "waiting" }) {
  if (state === "working") return <Spinner size="xs" color="purple.fg" aria-hidden="true" />;
  return (
    <Box as="span" aria-hidden="true" w="3" textAlign="center" color={state === "done" ? "green.fg" : "fg.subtle"}>
      {state === "done" ? "✓" : "•"}
    </Box>
  );
}

function stateText(state: "done" | "working" | "waiting"): string {
  return state === "done" ? "done" : state === "working" ? "in progress" : "waiting";
}

export function GeneratingOverlay({ progress, onCancel }: { progress: GenerationProgress; onCancel: () => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [startedAt] = useState(() => Date.now());
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    cancelRef.current?.focus();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - startedAt) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);

  const uploading = progress.phase === "uploading";
  const percent = uploading && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : uploading ? null : 100;
  const uploadState = uploading ? "working" : "done";
  const serverState = uploading ? "waiting" : progress.phase === "answered" ? "done" : "working";
  const summary = uploading
    ? `Uploading photos${percent === null ? "" : `: ${percent}%`}`
    : progress.phase === "answered"
      ? "The draft is ready."
      : "Photos sent. The server is reading the nameplate, writing the listing and pricing it.";

  return (
    <Box position="fixed" inset="0" zIndex="modal" bg="blackAlpha.600" display="flex" alignItems="center" justifyContent="center" p="4">
      <Box role="dialog" aria-modal="true" aria-labelledby="generating-heading" bg="bg" rounded="xl" shadow="lg" p={{ base: "5", md: "8" }} maxW="md" w="full">
        <Stack gap="5">
          <HStack gap="3">
            <Spinner color="purple.fg" aria-hidden="true" />
            <Heading as="h2" id="generating-heading" size="md">
              {AI_LISTING_MESSAGES.generating}
            </Heading>
          </HStack>
          <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" aria-label="Progress">
            <Box as="li">
              <HStack gap="3">
                <StageMark state={uploadState} />
                <Text>
                  Uploading photos
                  <Box as="span" srOnly>{` — ${stateText(uploadState)}`}</Box>
                </Text>
              </HStack>
              <Progress.Root value={percent} max={100} size="sm" mt="2" colorPalette="purple">
                {/* The track carries role="progressbar"; its default name is only the percentage. */}
                <Progress.Track aria-label="Photos uploaded" aria-valuetext={percent === null ? undefined : `${percent}%`}>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Box>
            {SERVER_STAGES.map((stage) => (
              <HStack as="li" key={stage} gap="3">
                <StageMark state={serverState} />
                <Text color={serverState === "waiting" ? "fg.muted" : undefined}>
                  {stage}
                  <Box as="span" srOnly>{` — ${stateText(serverState)}`}</Box>
                </Text>
              </HStack>
            ))}
          </Stack>
          <Stack gap="1" fontSize="sm" color="fg.muted">
            <Text role="status">{summary}</Text>
            {/* Outside the live region: a screen reader is not told every second. */}
            {serverState === "working" ? <Text>{seconds} s so far.</Text> : null}
          </Stack>
          <Button ref={cancelRef} variant="outline" alignSelf="start" onClick={onCancel} minH="11">
            Cancel
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
