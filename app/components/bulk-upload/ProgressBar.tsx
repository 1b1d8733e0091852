// The progress of the AI step or of the import: rows done of all, and the time left.
import { Progress, Stack, Text } from "@chakra-ui/react";
import { timeLeftText } from "~/lib/bulk-import.ts";

export function ProgressBar({ label, done, total, secondsLeft }: { label: string; done: number; total: number; secondsLeft: number | null }) {
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  return (
    <Stack gap="1" data-testid="bulk-progress">
      <Progress.Root value={percent} max={100} size="md" colorPalette="blue">
        <Progress.Track aria-label={label} aria-valuetext={`${done} of ${total} rows`}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" aria-live="polite">
        {label}: {done} of {total} rows · {timeLeftText(secondsLeft)}
      </Text>
    </Stack>
  );
}
