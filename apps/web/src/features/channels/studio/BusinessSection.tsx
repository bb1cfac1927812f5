import { NumberInput, Select, SimpleGrid, Textarea, TextInput } from "@mantine/core";
import {
  CHANNEL_TEXT_MAX,
  checkDuns,
  EMPLOYEE_RANGES,
  INDUSTRIES,
  type TEmployeeRange,
  type TIndustry,
} from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { useChannelFieldMessage } from "../../../api/channel-field-message";
import { formatDuns, useChannelLabels } from "../../../i18n/channel-labels";
import { SectionFrame } from "./SectionFrame";
import { type TSectionProps, useDraft } from "./use-draft";
import { useSectionSave } from "./use-section-save";

const P = "channel_global_business_info";

/** Business info: company, industry ('other' with text), year, employees, products, DUNS, certifications. */
export function BusinessSection({ doc, onSaved, onDirty }: TSectionProps) {
  const { t } = useTranslation("channels");
  const labels = useChannelLabels();
  const messageOf = useChannelFieldMessage();
  const { draft, patch, isDirty } = useDraft(
    doc,
    (d) => {
      const info = d.channel_global_business_info;
      return {
        company_name: info.company_name,
        industry: info.industry,
        industry_other: info.industry_other,
        year_founded: info.year_founded,
        employees: info.employees,
        productsServices_origin: info.productsServices_origin,
        duns: formatDuns(info.duns),
        certifications: info.certifications,
      };
    },
    onDirty,
  );
  const { save, errors, setErrors, isSaving, status } = useSectionSave(
    doc.user_channel_id,
    "channelInfoUpdated",
    onSaved,
  );
  const handleDunsBlur = () => {
    const problem = draft.duns.trim() === "" ? null : checkDuns(draft.duns);
    setErrors((prev) => {
      const next = { ...prev };
      if (problem) next[`${P}.duns`] = messageOf(problem);
      else delete next[`${P}.duns`];
      return next;
    });
  };
  return (
    <SectionFrame
      title={t("studio.business.title")}
      hint={t("studio.business.hint")}
      isDirty={isDirty}
      isSaving={isSaving}
      status={status}
      onSave={() => void save({ [P]: draft })}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("fields.companyName")}
          value={draft.company_name}
          maxLength={CHANNEL_TEXT_MAX.company_name}
          onChange={(e) => patch({ company_name: e.currentTarget.value })}
          error={errors[`${P}.company_name`]}
        />
        <Select
          label={t("fields.industry")}
          data={INDUSTRIES.map((code) => ({ value: code, label: labels.industry(code) }))}
          value={draft.industry}
          onChange={(v) => patch({ industry: (v as TIndustry | null) ?? null })}
          clearable
          error={errors[`${P}.industry`]}
        />
        {draft.industry === "other" ? (
          <TextInput
            label={t("fields.industryOther")}
            required
            value={draft.industry_other}
            onChange={(e) => patch({ industry_other: e.currentTarget.value })}
            error={errors[`${P}.industry_other`]}
          />
        ) : null}
        <NumberInput
          label={t("fields.yearFounded")}
          value={draft.year_founded ?? ""}
          onChange={(v) => patch({ year_founded: typeof v === "number" ? v : null })}
          min={1800}
          max={new Date().getFullYear()}
          allowDecimal={false}
          error={errors[`${P}.year_founded`]}
        />
        <Select
          label={t("fields.employees")}
          data={EMPLOYEE_RANGES.map((code) => ({ value: code, label: labels.employees(code) }))}
          value={draft.employees}
          onChange={(v) => patch({ employees: (v as TEmployeeRange | null) ?? null })}
          clearable
          error={errors[`${P}.employees`]}
        />
        <TextInput
          label={t("fields.duns")}
          description={t("studio.business.dunsHint")}
          placeholder="12-345-6789"
          value={draft.duns}
          onChange={(e) => patch({ duns: e.currentTarget.value })}
          onBlur={handleDunsBlur}
          error={errors[`${P}.duns`]}
        />
      </SimpleGrid>
      <Textarea
        label={t("fields.productsServices")}
        autosize
        minRows={3}
        value={draft.productsServices_origin}
        onChange={(e) => patch({ productsServices_origin: e.currentTarget.value })}
        error={errors[`${P}.productsServices_origin`]}
      />
      <Textarea
        label={t("fields.certifications")}
        autosize
        minRows={2}
        value={draft.certifications}
        onChange={(e) => patch({ certifications: e.currentTarget.value })}
        error={errors[`${P}.certifications`]}
      />
    </SectionFrame>
  );
}
