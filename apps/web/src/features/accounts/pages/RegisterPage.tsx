import { Anchor, Stepper, Text } from "@mantine/core";
import { CONSENT_ITEMS, type TConsents } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AccountStep } from "../components/AccountStep";
import { AuthLayout } from "../components/AuthLayout";
import { ConsentStep } from "../components/ConsentStep";

const NO_CONSENTS = Object.fromEntries(CONSENT_ITEMS.map((item) => [item.key, false])) as TConsents;

/** `/register`: sign-up in two steps (terms consent, then the account form); done → `/login`. */
export default function RegisterPage() {
  const { t } = useTranslation("accounts");
  const [step, setStep] = useState(0);
  const [consents, setConsents] = useState<TConsents>(NO_CONSENTS);

  return (
    <AuthLayout title={t("register.pageTitle")} lead={t("register.lead")}>
      <Stepper
        active={step}
        size="sm"
        allowNextStepsSelect={false}
        onStepClick={setStep}
        styles={{ content: { paddingTop: "var(--mantine-spacing-xl)" } }}
      >
        <Stepper.Step label={t("register.stepConsent")}>
          <ConsentStep value={consents} onChange={setConsents} onNext={() => setStep(1)} />
        </Stepper.Step>
        <Stepper.Step label={t("register.stepAccount")}>
          <AccountStep consents={consents} onBack={() => setStep(0)} />
        </Stepper.Step>
      </Stepper>
      <Text size="sm" ta="center" c="dimmed" mt="lg">
        {t("register.haveAccount")}{" "}
        <Anchor component={Link} to="/login" fw={600}>
          {t("register.login")}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
