import { Select, SimpleGrid, TextInput } from "@mantine/core";
import { TEXT_FIELD_MAX } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { useMatchingMessage } from "../lib/messages";
import type { TConnectOptions } from "../lib/options";
import { ConnectSection } from "./ConnectSection";
import { EmailCodeFields } from "./EmailCodeFields";
import type { TConnectForm } from "./use-connect-form";

/** Props of {@link ConnectCompanySection}. */
export interface ConnectCompanySectionProps {
  form: TConnectForm;
  options: TConnectOptions;
}

/** The connecting form's first section: the buyer's country, verified business e-mail, company and person. */
export function ConnectCompanySection({ form, options }: ConnectCompanySectionProps) {
  const { t } = useTranslation("matching");
  const message = useMatchingMessage();
  const { values, errors, set } = form;
  return (
    <ConnectSection id="connect-company" title={t("form.sectionCompany")}>
      <Select
        label={t("form.country")}
        placeholder={t("form.choose")}
        data={options.countries}
        value={values.country || null}
        onChange={(v) => set("country", v ?? "")}
        searchable
        openOnFocus={false}
        withAsterisk
        nothingFoundMessage={t("form.nothingFound")}
        autoComplete="off"
        error={message(errors.country)}
        data-testid="connect-country"
      />
      <EmailCodeFields
        email={values.email}
        code={values.code}
        onEmailChange={(v) => set("email", v)}
        onCodeChange={(v) => set("code", v)}
        verifiedEmail={form.verifiedEmail}
        onVerified={form.setVerifiedEmail}
        emailError={errors.email}
        codeError={errors.code}
        onErrors={form.addErrors}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t("form.company")}
          autoComplete="organization"
          withAsterisk
          maxLength={TEXT_FIELD_MAX}
          value={values.company}
          onChange={(e) => set("company", e.currentTarget.value)}
          error={message(errors.company)}
        />
        <TextInput
          label={t("form.contactPerson")}
          autoComplete="name"
          withAsterisk
          maxLength={TEXT_FIELD_MAX}
          value={values.contactPerson}
          onChange={(e) => set("contactPerson", e.currentTarget.value)}
          error={message(errors.contactPerson)}
        />
        <TextInput
          label={t("form.jobTitle")}
          autoComplete="organization-title"
          withAsterisk
          maxLength={TEXT_FIELD_MAX}
          value={values.jobTitle}
          onChange={(e) => set("jobTitle", e.currentTarget.value)}
          error={message(errors.jobTitle)}
        />
        <Select
          label={t("form.businessType")}
          placeholder={t("form.choose")}
          data={options.businessTypes}
          value={values.businessType || null}
          onChange={(v) => set("businessType", v ?? "")}
          withAsterisk
          error={message(errors.businessType)}
          data-testid="connect-business-type"
        />
        <Select
          label={t("form.industry")}
          placeholder={t("form.choose")}
          data={options.industries}
          value={values.industry || null}
          onChange={(v) => set("industry", v ?? "")}
          withAsterisk
          error={message(errors.industry)}
          data-testid="connect-industry"
        />
        {values.industry === "other" ? (
          <TextInput
            label={t("form.industryOther")}
            withAsterisk
            maxLength={TEXT_FIELD_MAX}
            value={values.industryOther}
            onChange={(e) => set("industryOther", e.currentTarget.value)}
            error={message(errors.industryOther)}
          />
        ) : null}
      </SimpleGrid>
    </ConnectSection>
  );
}
