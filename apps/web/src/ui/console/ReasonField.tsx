import { Textarea } from "@mantine/core";
import { ADMIN_REASON_MAX } from "@vitrine/contract";
import { useTranslation } from "react-i18next";

/** The reason every action asks for. */
export function ReasonField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
}) {
  const { t } = useTranslation("admin");
  return (
    <Textarea
      label={t("reason.label")}
      description={t("reason.hint")}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      maxLength={ADMIN_REASON_MAX}
      autosize
      minRows={2}
      required
    />
  );
}
