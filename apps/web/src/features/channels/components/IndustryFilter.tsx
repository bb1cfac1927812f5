import { Select } from "@mantine/core";
import { INDUSTRIES, type TIndustry } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import type { TChannelLabels } from "../../../i18n/channel-labels";

/** Props of {@link IndustryFilter}. */
export interface IndustryFilterProps {
  value: TIndustry | null;
  onChange: (value: TIndustry | null) => void;
  labels: TChannelLabels;
}

/** Filters a list by industry; empty shows all. */
export function IndustryFilter({ value, onChange, labels }: IndustryFilterProps) {
  const { t } = useTranslation("channels");
  return (
    <Select
      label={t("filter.industry")}
      placeholder={t("filter.all")}
      data={INDUSTRIES.map((code) => ({ value: code, label: labels.industry(code) }))}
      value={value}
      onChange={(v) => onChange((v as TIndustry | null) ?? null)}
      clearable
      w={{ base: "100%", xs: 260 }}
    />
  );
}
