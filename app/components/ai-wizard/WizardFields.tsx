// Labelled controls of the wizard, each with its helper text and its messages beside it (controlled: the wizard
// keeps every value in its own state, which is saved on the device).
import { Field, Input, NativeSelect, Textarea } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { FieldErrors } from "~/schemas/ai-listing-create.ts";

export interface SelectChoice {
  value: string;
  label: string;
}

interface Common {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  required?: boolean;
  helper?: ReactNode;
}

function Shell({ id, label, errors, required, helper, children }: Omit<Common, "value" | "onChange"> & { children: ReactNode }) {
  const invalid = (errors?.length ?? 0) > 0;
  return (
    <Field.Root invalid={invalid} required={required} id={id} ids={{ errorText: `${id}-error`, helperText: `${id}-help` }}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper && !invalid ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {invalid ? <Field.ErrorText>{errors!.join(" ")}</Field.ErrorText> : null}
    </Field.Root>
  );
}

export function WizardInput({
  type = "text",
  inputMode,
  min,
  step,
  maxLength,
  autoComplete,
  ...common
}: Common & {
  type?: "text" | "number";
  inputMode?: "decimal" | "numeric" | "text";
  min?: number;
  step?: number | string;
  maxLength?: number;
  autoComplete?: string;
}) {
  return (
    <Shell {...common}>
      <Input
        id={common.id}
        type={type}
        value={common.value}
        onChange={(event) => common.onChange(event.target.value)}
        inputMode={inputMode}
        min={min}
        step={step}
        maxLength={maxLength}
        autoComplete={autoComplete ?? "off"}
      />
    </Shell>
  );
}

export function WizardTextarea({ rows = 8, ...common }: Common & { rows?: number }) {
  return (
    <Shell {...common}>
      <Textarea id={common.id} value={common.value} onChange={(event) => common.onChange(event.target.value)} rows={rows} />
    </Shell>
  );
}

export function WizardSelect({
  options,
  groups,
  placeholder,
  ...common
}: Common & {
  options?: readonly SelectChoice[];
  groups?: ReadonlyArray<{ label: string; options: readonly SelectChoice[] }>;
  placeholder?: string;
}) {
  return (
    <Shell {...common}>
      <NativeSelect.Root>
        <NativeSelect.Field id={common.id} value={common.value} onChange={(event) => common.onChange(event.target.value)}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {groups?.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Shell>
  );
}

/** The first field (in the given order) that has a message, for moving focus there. */
export function firstInvalid(errors: FieldErrors, order: readonly string[]): string | null {
  return order.find((name) => (errors[name]?.length ?? 0) > 0) ?? Object.keys(errors).find((name) => name !== "") ?? null;
}
