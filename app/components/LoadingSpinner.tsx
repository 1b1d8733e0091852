// The spinner of docs/product/platform.md#routes: sizes small, medium, large; default message "Loading...".
import { Spinner, Stack, Text } from "@chakra-ui/react";

const SIZES = { small: "sm", medium: "md", large: "lg" } as const;

export function LoadingSpinner({ size = "medium", message = "Loading..." }: { size?: keyof typeof SIZES; message?: string }) {
  return (
    <Stack role="status" aria-live="polite" align="center" gap="3" py="6">
      <Spinner size={SIZES[size]} color="blue.solid" />
      {message ? <Text color="fg.muted">{message}</Text> : null}
    </Stack>
  );
}
