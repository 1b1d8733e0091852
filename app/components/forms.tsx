// Form pieces shared by every screen: labelled fields with their errors beside them.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Alert, Field, Input, Textarea } from "@chakra-ui/react";
import type { ReactNode } from "react";

type InputType = "text" | "email" | "password" | "tel" | "url" | "search";

export function TextField({
  meta,
  label,
  type = "text",
  autoComplete,
  required,
  helper,
  placeholder,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  required?: boolean;
  helper?: ReactNode;
  placeholder?: string;
}) {
  const errors = meta.errors ?? [];
  const { key, ...inputProps } = getInputProps(meta, { type, ariaAttributes: true });
  return (
    <Field.Root invalid={errors.length > 0} required={required} id={meta.id} ids={{ errorText: meta.errorId, helperText: meta.descriptionId }}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input key={key} {...inputProps} autoComplete={autoComplete} placeholder={placeholder} required={false} />
      {helper && errors.length === 0 ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {errors.length > 0 ? <Field.ErrorText id={meta.errorId}>{errors.join(" ")}</Field.ErrorText> : null}
    </Field.Root>
  );
}

export function TextAreaField({ meta, label, rows = 4 }: { meta: FieldMetadata<string | undefined>; label: string; rows?: number }) {
  const errors = meta.errors ?? [];
  return (
    <Field.Root invalid={errors.length > 0} id={meta.id} ids={{ errorText: meta.errorId }}>
      <Field.Label>{label}</Field.Label>
      <Textarea
        id={meta.id}
        name={meta.name}
        defaultValue={meta.initialValue ?? ""}
        rows={rows}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? meta.errorId : undefined}
      />
      {errors.length > 0 ? <Field.ErrorText id={meta.errorId}>{errors.join(" ")}</Field.ErrorText> : null}
    </Field.Root>
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
