// Text-like inputs (text, number, date) and the text area, with label, helper and errors.
import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { Input, Textarea } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { FieldShell } from "./FieldShell.tsx";

export function InputField({
  meta,
  label,
  type = "text",
  required,
  helper,
  placeholder,
  maxLength,
  inputMode,
  min,
  max,
  step,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "number" | "date" | "datetime-local";
  required?: boolean;
  helper?: ReactNode;
  placeholder?: string;
  maxLength?: number;
  inputMode?: "numeric" | "decimal" | "text";
  min?: number | string;
  max?: number | string;
  step?: number | string;
}) {
  const { key, ...props } = getInputProps(meta, { type, ariaAttributes: true });
  return (
    <FieldShell id={meta.id} errorId={meta.errorId} descriptionId={meta.descriptionId} label={label} errors={meta.errors} required={required} helper={helper}>
      <Input
        key={key}
        {...props}
        required={false}
        placeholder={placeholder}
        maxLength={maxLength}
        inputMode={inputMode}
        min={min}
        max={max}
        step={step}
        aria-describedby={meta.errors?.length ? meta.errorId : helper ? meta.descriptionId : undefined}
      />
    </FieldShell>
  );
}

export function TextareaField({
  meta,
  label,
  required,
  helper,
  rows = 6,
  maxLength,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  required?: boolean;
  helper?: ReactNode;
  rows?: number;
  maxLength?: number;
}) {
  const { key, ...props } = getTextareaProps(meta, { ariaAttributes: true });
  return (
    <FieldShell id={meta.id} errorId={meta.errorId} descriptionId={meta.descriptionId} label={label} errors={meta.errors} required={required} helper={helper}>
      <Textarea
        key={key}
        {...props}
        required={false}
        rows={rows}
        maxLength={maxLength}
        aria-describedby={meta.errors?.length ? meta.errorId : helper ? meta.descriptionId : undefined}
      />
    </FieldShell>
  );
}
