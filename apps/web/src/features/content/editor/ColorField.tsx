import { ColorInput } from "@mantine/core";
import { useEffect, useState } from "react";

/** Props of {@link ColorField}. */
export interface ColorFieldProps {
  label: string;
  /** `#rrggbb`. */
  value: string;
  /** A valid `#rrggbb` colour, on every change (typed or picked). */
  onChange: (value: string) => void;
  /** Picking ended or the field lost focus (closes one undo step). */
  onChangeEnd?: () => void;
  disabled?: boolean;
  testId?: string;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour field that only reports complete `#rrggbb` colours, so half-typed text never reaches the model. */
export function ColorField({ label, value, onChange, onChangeEnd, disabled, testId }: ColorFieldProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <ColorInput
      label={label}
      value={text}
      format="hex"
      disabled={disabled}
      onChange={(next) => {
        setText(next);
        // The input repeats its last colour on blur: only a different colour is an edit (and an undo step).
        if (HEX.test(next) && next.toLowerCase() !== value.toLowerCase()) onChange(next.toLowerCase());
      }}
      onChangeEnd={() => onChangeEnd?.()}
      onBlur={() => {
        if (!HEX.test(text)) setText(value);
        onChangeEnd?.();
      }}
      withEyeDropper={false}
      data-testid={testId}
    />
  );
}
