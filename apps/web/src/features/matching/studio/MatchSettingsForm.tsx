import { Alert, Button, Checkbox, MultiSelect, NumberInput, Paper, Stack, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  CONNECT_MESSAGES,
  formatForLanguage,
  MATCH_DAILY_CAP,
  matchSettingsUpdateCall,
  type TMatchSettings,
} from "@vitrine/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { fieldErrorsOf } from "../../../api/result-message";
import { currentLanguage } from "../../../i18n";
import { useResultMessage } from "../../../i18n/use-messages";
import { useMatchingMessage } from "../lib/messages";
import { useConnectOptions } from "../lib/options";

/** Props of {@link MatchSettingsForm}. */
export interface MatchSettingsFormProps {
  settings: TMatchSettings;
  onSaved(settings: TMatchSettings): void;
}

/**
 * The business's matching settings: taking part (with its own consent to receive buyers'
 * details), the buyer industries, markets and business types sought, and the daily cap.
 */
export function MatchSettingsForm({ settings, onSaved }: MatchSettingsFormProps) {
  const { t } = useTranslation("matching");
  const { t: tCodes } = useTranslation("codes");
  const options = useConnectOptions();
  const fieldMessage = useMatchingMessage();
  const resultMessage = useResultMessage();
  const [isOptedIn, setOptedIn] = useState(settings.opted_in);
  const [consent, setConsent] = useState(settings.opted_in);
  const [industries, setIndustries] = useState<string[]>(settings.industries);
  const [markets, setMarkets] = useState<string[]>(settings.markets);
  const [buyerTypes, setBuyerTypes] = useState<string[]>(settings.buyer_types);
  const [cap, setCap] = useState<number>(settings.daily_cap);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isOptedIn && !consent) {
      setErrors({ consent: CONNECT_MESSAGES.settingsConsent });
      return;
    }
    setErrors({});
    setBusy(true);
    const res = await api(matchSettingsUpdateCall, {
      opted_in: isOptedIn,
      consent,
      industries: industries as TMatchSettings["industries"],
      markets,
      buyer_types: buyerTypes as TMatchSettings["buyer_types"],
      daily_cap: cap,
    });
    setBusy(false);
    if (res.status) {
      onSaved(res.data.doc);
      notifications.show({ color: "teal", message: tCodes("channelUpdated") });
      return;
    }
    const fields = fieldErrorsOf(res);
    if (Object.keys(fields).length > 0) setErrors(fields);
    else notifications.show({ color: "red", message: resultMessage(res) });
  };

  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Switch
            checked={isOptedIn}
            onChange={(e) => setOptedIn(e.currentTarget.checked)}
            label={t("settings.optIn")}
            description={t("settings.optInHint")}
            size="md"
          />
          {isOptedIn ? (
            <Checkbox
              checked={consent}
              onChange={(e) => setConsent(e.currentTarget.checked)}
              label={t("settings.consent")}
              error={fieldMessage(errors.consent)}
            />
          ) : null}
          {settings.consented_at && settings.opted_in ? (
            <Text size="xs" c="dimmed">
              {t("settings.consentedAt", {
                date: formatForLanguage(settings.consented_at, currentLanguage(), undefined, "date"),
              })}
            </Text>
          ) : null}
          <MultiSelect
            label={t("settings.industries")}
            description={t("settings.industriesHint")}
            data={options.industries}
            value={industries}
            onChange={setIndustries}
            searchable
            clearable
          />
          <MultiSelect
            label={t("settings.markets")}
            description={t("settings.marketsHint")}
            data={options.countries}
            value={markets}
            onChange={setMarkets}
            searchable
            clearable
            error={fieldMessage(errors.markets)}
          />
          <MultiSelect
            label={t("settings.buyerTypes")}
            description={t("settings.buyerTypesHint")}
            data={options.businessTypes}
            value={buyerTypes}
            onChange={setBuyerTypes}
            clearable
          />
          <NumberInput
            label={t("settings.dailyCap")}
            description={t("settings.dailyCapHint")}
            min={MATCH_DAILY_CAP.min}
            max={MATCH_DAILY_CAP.max}
            value={cap}
            onChange={(v) => setCap(typeof v === "number" ? v : MATCH_DAILY_CAP.default)}
            maw={320}
            error={fieldMessage(errors.daily_cap)}
          />
          {isOptedIn ? null : (
            <Alert variant="light" color="gray" p="xs">
              <Text size="sm">{t("settings.offNote")}</Text>
            </Alert>
          )}
          <div>
            <Button type="submit" loading={isBusy}>
              {t("settings.save")}
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
