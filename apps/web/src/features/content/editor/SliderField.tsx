import { Group, Slider, Stack, Text } from "@mantine/core";
import { useId } from "react";

/** Props of {@link SliderField}. */
export interface SliderFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  /** Every move, for the live preview. */
  onChange: (value: number) => void;
  /** The drag or key press ended (closes one undo step). */
  onChangeEnd?: (value: number) => void;
  disabled?: boolean;
  /** Digits shown after the point. */
  precision?: number;
  testId?: string;
}

/** A labelled slider with its value shown; arrow keys move it. */
export function SliderField({
  label,
  value,
  min,
  max,
  step = 0.01,
  onChange,
  onChangeEnd,
  disabled,
  precision = 2,
  testId,
}: SliderFieldProps) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} id={id}>
          {label}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {value.toFixed(precision)}
        </Text>
      </Group>
      <Slider
        value={value}
        min={min}
        max={max}
        step={step}
        // A press on the thumb reports the value it already has: that is no edit.
        onChange={(next) => {
          if (next !== value) onChange(next);
        }}
        onChangeEnd={onChangeEnd}
        disabled={disabled}
        label={null}
        thumbLabel={label}
        thumbProps={{ "aria-labelledby": id } as object}
        data-testid={testId}
      />
    </Stack>
  );
}
