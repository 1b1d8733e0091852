// One select of an admin search form (/admin/listings' status and category, /admin/users' role): its label, an "any"
// choice sent as an empty value, then the choices.
import { Box, NativeSelect } from "@chakra-ui/react";

export function FilterSelect({
  id,
  name,
  label,
  value,
  anyLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Box>
      <label htmlFor={id}>{label}</label>
      <NativeSelect.Root>
        <NativeSelect.Field id={id} name={name} defaultValue={value}>
          <option value="">{anyLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}
