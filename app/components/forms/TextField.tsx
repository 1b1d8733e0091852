// Text inputs, text areas, selects and check boxes of the field kit. Each works two ways:
// - with conform (`meta`): uncontrolled, named for the form, so it works without JavaScript and keeps what was typed
//   when the server sends the form back;
// - controlled (`id`, `value`, `onChange`, optional `name` and `errors`): the caller keeps the value (the AI wizard).
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { Checkbox, Input, NativeSelect, Stack, Text, Textarea } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { describedBy, Field, frameOf } from "./Field.tsx";

type Meta = FieldMetadata<string | undefined>;

/** A field conform names and fills, or one the caller controls. */
export type Binding =
  | { meta: Meta; id?: never; name?: never; value?: never; onChange?: never; errors?: never }
  | { meta?: never; id: string; name?: string; value: string; onChange: (value: string) => void; errors?: string[] };

interface Common {
  label: ReactNode;
  required?: boolean;
  helper?: ReactNode;
}

type InputType = "text" | "email" | "password" | "tel" | "url" | "search" | "number" | "date" | "datetime-local";

/** Value and change handler of a controlled field; nothing for conform's (its props carry the default value). */
function controlled(binding: Binding) {
  if (binding.meta) return {};
  return { id: binding.id, name: binding.name, value: binding.value, onChange: (event: { target: { value: string } }) => binding.onChange(event.target.value) };
}

export function TextField({
  type = "text",
  placeholder,
  maxLength,
  inputMode,
  min,
  max,
  step,
  autoComplete,
  ...props
}: Common &
  Binding & {
    type?: InputType;
    placeholder?: string;
    maxLength?: number;
    inputMode?: "numeric" | "decimal" | "text" | "email" | "tel" | "url";
    min?: number | string;
    max?: number | string;
    step?: number | string;
    autoComplete?: string;
  }) {
  const frame = frameOf(props);
  const { key, ...conformProps } = props.meta ? getInputProps(props.meta, { type, ariaAttributes: false }) : { key: undefined };
  return (
    <Field frame={frame} label={props.label} required={props.required} helper={props.helper}>
      <Input
        key={key}
        {...conformProps}
        {...controlled(props)}
        type={type}
        required={false}
        placeholder={placeholder}
        maxLength={maxLength}
        inputMode={inputMode}
        min={min}
        max={max}
        step={step}
        autoComplete={autoComplete ?? (props.meta ? undefined : "off")}
        aria-invalid={frame.errors.length > 0 || undefined}
        aria-describedby={describedBy(frame, Boolean(props.helper))}
      />
    </Field>
  );
}

export function TextareaField({ rows = 6, maxLength, ...props }: Common & Binding & { rows?: number; maxLength?: number }) {
  const frame = frameOf(props);
  const { key, ...conformProps } = props.meta ? getTextareaProps(props.meta, { ariaAttributes: false }) : { key: undefined };
  return (
    <Field frame={frame} label={props.label} required={props.required} helper={props.helper}>
      <Textarea
        key={key}
        {...conformProps}
        {...controlled(props)}
        required={false}
        rows={rows}
        maxLength={maxLength}
        aria-invalid={frame.errors.length > 0 || undefined}
        aria-describedby={describedBy(frame, Boolean(props.helper))}
      />
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A native select (the same with or without JavaScript), with options or labelled groups of options. */
export function SelectField({
  options,
  groups,
  placeholder,
  ...props
}: Common &
  Binding & {
    options?: readonly SelectOption[];
    /** Options in labelled groups (rendered as optgroups). */
    groups?: ReadonlyArray<{ label: string; options: readonly SelectOption[] }>;
    /** An empty first choice, e.g. "Select a category". */
    placeholder?: string;
  }) {
  const frame = frameOf(props);
  const { key, ...conformProps } = props.meta ? getSelectProps(props.meta, { ariaAttributes: false }) : { key: undefined };
  return (
    <Field frame={frame} label={props.label} required={props.required} helper={props.helper}>
      <NativeSelect.Root>
        <NativeSelect.Field
          key={key}
          {...conformProps}
          {...controlled(props)}
          aria-invalid={frame.errors.length > 0 || undefined}
          aria-describedby={describedBy(frame, Boolean(props.helper))}
        >
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
    </Field>
  );
}

/**
 * A check box sending `value` ("on") when ticked, its label beside it and its errors below: uncontrolled with
 * `defaultChecked` (works without JavaScript), or controlled with `checked` and `onChange`.
 */
export function CheckboxField({
  id,
  name,
  label,
  value = "on",
  defaultChecked,
  checked,
  onChange,
  errors = [],
  helper,
}: {
  id?: string;
  name?: string;
  label: ReactNode;
  value?: string;
  defaultChecked?: boolean;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  errors?: string[];
  helper?: ReactNode;
}) {
  const frame = frameOf({ id: id ?? `checkbox-${name ?? "field"}-${value}`, errors });
  const description = describedBy(frame, Boolean(helper));
  return (
    <Stack gap="1">
      <Checkbox.Root
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        checked={checked}
        onCheckedChange={onChange ? (details) => onChange(details.checked === true) : undefined}
        invalid={errors.length > 0}
      >
        <Checkbox.HiddenInput aria-describedby={description} />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      {helper && errors.length === 0 ? (
        <Text id={frame.helpId} fontSize="sm" color="fg.muted">
          {helper}
        </Text>
      ) : null}
      {errors.length > 0 ? (
        <Text id={frame.errorId} fontSize="sm" color="fg.error">
          {errors.join(" ")}
        </Text>
      ) : null}
    </Stack>
  );
}
