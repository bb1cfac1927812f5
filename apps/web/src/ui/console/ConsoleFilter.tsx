import { Select } from "@mantine/core";

/** Props of {@link ConsoleFilter}. */
export interface ConsoleFilterProps<T extends string> {
  label: string;
  /** The first choice: no filter. */
  allLabel: string;
  options: readonly { value: T; label: string }[];
  value: T | null;
  onChange: (value: T | null) => void;
}

/** A console list's status filter: all, or one of the options. */
export function ConsoleFilter<T extends string>({
  label,
  allLabel,
  options,
  value,
  onChange,
}: ConsoleFilterProps<T>) {
  return (
    <Select
      label={label}
      data={[{ value: "", label: allLabel }, ...options]}
      value={value ?? ""}
      onChange={(v) => onChange(options.find((o) => o.value === v)?.value ?? null)}
      allowDeselect={false}
      w={180}
    />
  );
}
