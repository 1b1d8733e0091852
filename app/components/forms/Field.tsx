// The field kit's frame: a label tied to its control, the helper text and the errors beside it. The control is
// described by the errors when there are some (else by the helper), so a screen reader reads the message with it.
import { Alert, Field as ChakraField } from "@chakra-ui/react";
import type { ReactNode } from "react";

export interface FieldFrame {
  /** The control's id (the label's `for`). */
  id: string;
  errorId: string;
  helpId: string;
  errors: string[];
}

/** The ids and messages of a field, whether conform names it (`meta`) or the caller does (`id`). */
export function frameOf(binding: {
  meta?: { id: string; errorId: string; descriptionId: string; errors?: string[] };
  id?: string;
  errors?: string[];
}): FieldFrame {
  if (binding.meta) {
    const { id, errorId, descriptionId, errors } = binding.meta;
    return { id, errorId, helpId: descriptionId, errors: errors ?? [] };
  }
  const id = binding.id ?? "field";
  return { id, errorId: `${id}-error`, helpId: `${id}-help`, errors: binding.errors ?? [] };
}

/** aria-describedby of the control: its errors, else its helper text. */
export function describedBy(frame: FieldFrame, hasHelper: boolean): string | undefined {
  if (frame.errors.length > 0) return frame.errorId;
  return hasHelper ? frame.helpId : undefined;
}

export function Field({
  frame,
  label,
  required,
  helper,
  children,
}: {
  frame: FieldFrame;
  label: ReactNode;
  required?: boolean;
  helper?: ReactNode;
  children: ReactNode;
}) {
  const invalid = frame.errors.length > 0;
  return (
    <ChakraField.Root invalid={invalid} required={required} id={frame.id} ids={{ errorText: frame.errorId, helperText: frame.helpId }}>
      <ChakraField.Label>
        {label}
        {required ? <ChakraField.RequiredIndicator /> : null}
      </ChakraField.Label>
      {children}
      {helper && !invalid ? <ChakraField.HelperText id={frame.helpId}>{helper}</ChakraField.HelperText> : null}
      {invalid ? <ChakraField.ErrorText id={frame.errorId}>{frame.errors.join(" ")}</ChakraField.ErrorText> : null}
    </ChakraField.Root>
  );
}

/** Errors about the whole form (e.g. "Failed to sign in..."), announced to screen readers. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors || errors.length === 0) return null;
  return (
    <Alert.Root status="error" id={id} role="alert">
      <Alert.Indicator />
      <Alert.Title>{errors.join(" ")}</Alert.Title>
    </Alert.Root>
  );
}

export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="success" role="status">
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}
