// A native select with its label and errors: works the same with or without JavaScript.
import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { NativeSelect } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { FieldShell } from "./FieldShell.tsx";

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({
  meta,
  label,
  options,
  groups,
  placeholder,
  required,
  helper,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  options?: readonly SelectOption[];
  /** Options in labelled groups (rendered as optgroups). */
  groups?: ReadonlyArray<{ label: string; options: readonly SelectOption[] }>;
  /** An empty first choice, e.g. "Select a category". */
  placeholder?: string;
  required?: boolean;
  helper?: ReactNode;
}) {
  const { key, ...props } = getSelectProps(meta, { ariaAttributes: true });
  return (
    <FieldShell id={meta.id} errorId={meta.errorId} descriptionId={meta.descriptionId} label={label} errors={meta.errors} required={required} helper={helper}>
      <NativeSelect.Root>
        <NativeSelect.Field key={key} {...props}>
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
    </FieldShell>
  );
}
