// One button that posts an intent for the import (back, process with AI, continue…).
import { Button } from "@chakra-ui/react";
import { Form } from "@remix-run/react";

export function IntentButton({
  importId,
  intent,
  children,
  colorPalette = "gray",
  variant = "outline",
  busy,
}: {
  importId: number;
  intent: string;
  children: string;
  colorPalette?: string;
  variant?: "solid" | "outline" | "ghost";
  busy: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="importId" value={importId} />
      <Button type="submit" colorPalette={colorPalette} variant={variant} disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}
