import { Anchor, Button, Checkbox, Divider, Group, Stack, Text } from "@mantine/core";
import { CONSENT_ITEMS, checkConsents, type TConsentKey, type TConsents } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFieldMessage } from "../../../api/validation-message";

/** Props of {@link ConsentStep}. */
export interface ConsentStepProps {
  /** The ticks so far. */
  value: TConsents;
  /** Called with the new ticks on every change. */
  onChange: (value: TConsents) => void;
  /** Called when every required item is ticked and the user goes on. */
  onNext: () => void;
}

/** Where each item's full text lives. */
function detailLink(key: TConsentKey): string {
  return key === "terms" ? "/user_terms" : `/terms_detail#${key}`;
}

/** Sign-up step 1: the six consent items of SPEC §3 plus agree-all, checked by the contract's rule. */
export function ConsentStep({ value, onChange, onNext }: ConsentStepProps) {
  const { t } = useTranslation("accounts");
  const fieldMessage = useFieldMessage();
  const [error, setError] = useState<string | null>(null);
  const isAll = CONSENT_ITEMS.every((item) => value[item.key]);
  const isSome = CONSENT_ITEMS.some((item) => value[item.key]);

  const handleAll = (checked: boolean) => {
    onChange(Object.fromEntries(CONSENT_ITEMS.map((item) => [item.key, checked])) as TConsents);
    if (checked) setError(null);
  };
  const handleNext = () => {
    const message = checkConsents(value);
    setError(message);
    if (message === null) onNext();
  };

  return (
    <Stack gap="md">
      <Checkbox
        size="md"
        fw={700}
        label={t("register.agreeAll")}
        checked={isAll}
        indeterminate={isSome && !isAll}
        onChange={(event) => handleAll(event.currentTarget.checked)}
      />
      <Divider />
      {CONSENT_ITEMS.map((item) => (
        <Group key={item.key} justify="space-between" wrap="nowrap" gap="xs">
          <Checkbox
            label={
              <Text span size="sm">
                <Text span size="sm" fw={600} c={item.required ? "indigo.7" : "dimmed"}>
                  {item.required ? t("register.required") : t("register.optional")}
                </Text>{" "}
                {t(`register.consents.${item.key}`)}
              </Text>
            }
            checked={value[item.key]}
            onChange={(event) => onChange({ ...value, [item.key]: event.currentTarget.checked })}
          />
          <Anchor
            component={Link}
            to={detailLink(item.key)}
            size="xs"
            target="_blank"
            style={{ flexShrink: 0 }}
          >
            {t("register.view")}
          </Anchor>
        </Group>
      ))}
      {error ? (
        <Text role="alert" c="red.7" size="sm">
          {fieldMessage(error)}
        </Text>
      ) : null}
      <Button size="md" fullWidth onClick={handleNext}>
        {t("register.next")}
      </Button>
    </Stack>
  );
}
