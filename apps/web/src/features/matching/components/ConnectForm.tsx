import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import {
  CODES,
  CONNECT_TEXT_MAX,
  connectSubmitCall,
  TEXT_FIELD_MAX,
  ZConnectSubmit,
  fieldErrorsOf as zodFieldErrorsOf,
} from "@vitrine/contract";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { fieldErrorsOf } from "../../../api/result-message";
import { currentLanguage } from "../../../i18n";
import { useResultMessage } from "../../../i18n/use-messages";
import type { TConnectOrigin } from "../../../lib/connect-form-link";
import { readViewed } from "../../../lib/match-viewed";
import { useMatchingMessage } from "../lib/messages";
import { useConnectOptions } from "../lib/options";
import { ConsentBox } from "./ConsentBox";
import { EmailCodeFields } from "./EmailCodeFields";

/** What the buyer types. */
interface TValues {
  country: string;
  email: string;
  code: string;
  company: string;
  contactPerson: string;
  jobTitle: string;
  industry: string;
  industryOther: string;
  inquiryType: string;
  businessType: string;
  needs: string;
  quantity: string;
  incoterms: string[];
}

const EMPTY: TValues = {
  country: "",
  email: "",
  code: "",
  company: "",
  contactPerson: "",
  jobTitle: "",
  industry: "",
  industryOther: "",
  inquiryType: "",
  businessType: "",
  needs: "",
  quantity: "",
  incoterms: [],
};

type TErrors = Partial<Record<keyof TValues | "form", string>>;

/** Props of {@link ConnectForm}. */
export interface ConnectFormProps {
  origin: Required<TConnectOrigin>;
  /** The business the form was opened from, named in the consent (null: none or unknown). */
  channelName: string | null;
  onSent(result: { shared: boolean; email: string }): void;
}

/**
 * The business-connecting form (SPEC §2, §3 fields, §5 messages): the company and the person,
 * the verified business e-mail, what the buyer looks for, and the separate, unticked
 * third-party-provision consent. Every rule is checked in the browser with the contract's schema
 * first; the server's refusals land on the same fields.
 */
export function ConnectForm({ origin, channelName, onSent }: ConnectFormProps) {
  const { t } = useTranslation("matching");
  const message = useMatchingMessage();
  const resultMessage = useResultMessage();
  const options = useConnectOptions();
  const [values, setValues] = useState<TValues>(EMPTY);
  const [consent, setConsent] = useState(false);
  const [verifiedEmail, setVerifiedEmail] = useState<string | null>(null);
  const [errors, setErrors] = useState<TErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused submit, the first field in error takes the focus (keyboard and screen readers).
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [attempt]);

  const set = <K extends keyof TValues>(key: K, value: TValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] === undefined ? e : { ...e, [key]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const payload = {
      ...values,
      consents: { thirdParty: consent },
      user_channel_id: origin.channelId,
      source: origin.source,
      content_id: origin.contentId,
      viewed: readViewed(),
      lang: currentLanguage(),
    };
    const parsed = ZConnectSubmit.safeParse(payload);
    if (!parsed.success || verifiedEmail !== values.email.trim()) {
      const local = parsed.success ? {} : (zodFieldErrorsOf(parsed.error) as TErrors);
      // The code is asked for before anything else the server would say about it.
      if (verifiedEmail !== values.email.trim() && !local.email && !local.code)
        local.code = CODES.emailUnverified.message;
      setErrors(local);
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    const res = await api(connectSubmitCall, parsed.data);
    setBusy(false);
    if (res.status) {
      onSent({ shared: res.data.doc.shared, email: values.email.trim() });
      return;
    }
    const fields = fieldErrorsOf(res);
    if (Object.keys(fields).length > 0) {
      setErrors(fields as TErrors);
      setAttempt((n) => n + 1);
      return;
    }
    if (res.rescode === CODES.emailUnverified.rescode) {
      setVerifiedEmail(null);
      setErrors({ code: CODES.emailUnverified.message });
      setAttempt((n) => n + 1);
      return;
    }
    setFailure(resultMessage(res));
  };

  const optional = (label: string) => `${label} ${t("form.optional")}`;

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} aria-label={t("form.pageTitle")}>
      <Stack gap="lg">
        <Paper
          withBorder
          radius="md"
          p={{ base: "sm", sm: "lg" }}
          component="section"
          aria-labelledby="connect-company"
        >
          <Stack gap="md">
            <Title order={2} size="h4" id="connect-company">
              {t("form.sectionCompany")}
            </Title>
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
              verifiedEmail={verifiedEmail}
              onVerified={setVerifiedEmail}
              emailError={errors.email}
              codeError={errors.code}
              onErrors={(e) => setErrors((prev) => ({ ...prev, ...e }))}
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
          </Stack>
        </Paper>

        <Paper
          withBorder
          radius="md"
          p={{ base: "sm", sm: "lg" }}
          component="section"
          aria-labelledby="connect-needs"
        >
          <Stack gap="md">
            <Title order={2} size="h4" id="connect-needs">
              {t("form.sectionNeeds")}
            </Title>
            <Radio.Group
              label={t("form.inquiryType")}
              withAsterisk
              value={values.inquiryType}
              onChange={(v) => set("inquiryType", v)}
              error={message(errors.inquiryType)}
            >
              <Group gap="lg" mt={6}>
                {options.inquiryTypes.map((o) => (
                  <Radio key={o.value} value={o.value} label={o.label} />
                ))}
              </Group>
            </Radio.Group>
            <Textarea
              label={t("form.needs")}
              description={t("form.needsHint")}
              withAsterisk
              autosize
              minRows={4}
              maxLength={CONNECT_TEXT_MAX.needs}
              value={values.needs}
              onChange={(e) => set("needs", e.currentTarget.value)}
              error={message(errors.needs)}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={optional(t("form.quantity"))}
                placeholder={t("form.quantityPlaceholder")}
                maxLength={CONNECT_TEXT_MAX.quantity}
                value={values.quantity}
                onChange={(e) => set("quantity", e.currentTarget.value)}
                error={message(errors.quantity)}
              />
              <MultiSelect
                label={optional(t("form.incoterms"))}
                placeholder={values.incoterms.length === 0 ? t("form.choose") : undefined}
                data={options.incoterms}
                value={values.incoterms}
                onChange={(v) => set("incoterms", v)}
                searchable
                clearable
                error={message(errors.incoterms)}
                data-testid="connect-incoterms"
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        <ConsentBox channelName={channelName} isChecked={consent} onChange={setConsent} />

        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={isBusy} data-testid="connect-submit">
            {t("form.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
