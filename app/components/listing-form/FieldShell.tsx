// A labelled control with its helper text and errors beside it, for the listing form's own inputs.
import { Field } from "@chakra-ui/react";
import type { ReactNode } from "react";

export function FieldShell({
  id,
  errorId,
  descriptionId,
  label,
  errors,
  required,
  helper,
  children,
}: {
  id: string;
  errorId: string;
  descriptionId?: string;
  label: ReactNode;
  errors?: string[];
  required?: boolean;
  helper?: ReactNode;
  children: ReactNode;
}) {
  const invalid = (errors?.length ?? 0) > 0;
  return (
    <Field.Root invalid={invalid} required={required} id={id} ids={{ errorText: errorId, helperText: descriptionId }}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper && !invalid ? <Field.HelperText id={descriptionId}>{helper}</Field.HelperText> : null}
      {invalid ? <Field.ErrorText id={errorId}>{errors!.join(" ")}</Field.ErrorText> : null}
    </Field.Root>
  );
}
