import { Alert, Button, Group, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TConnectOrigin } from "../../../lib/connect-form-link";
import { useConnectOptions } from "../lib/options";
import { ConnectCompanySection } from "./ConnectCompanySection";
import { ConnectNeedsSection } from "./ConnectNeedsSection";
import { ConsentBox } from "./ConsentBox";
import { type TConnectSent, useConnectForm } from "./use-connect-form";

/** Props of {@link ConnectForm}. */
export interface ConnectFormProps {
  origin: Required<TConnectOrigin>;
  /** The business the form was opened from, named in the consent (null: none or unknown). */
  channelName: string | null;
  onSent(result: TConnectSent): void;
}

/**
 * The business-connecting form (SPEC §2, §3 fields, §5 messages): the company and the person,
 * the verified business e-mail, what the buyer looks for, and the separate, unticked
 * third-party-provision consent. Every rule is checked in the browser with the contract's schema
 * first; the server's refusals land on the same fields.
 */
export function ConnectForm({ origin, channelName, onSent }: ConnectFormProps) {
  const { t } = useTranslation("matching");
  const options = useConnectOptions();
  const form = useConnectForm(origin, onSent);

  return (
    <form ref={form.formRef} noValidate onSubmit={form.handleSubmit} aria-label={t("form.pageTitle")}>
      <Stack gap="lg">
        <ConnectCompanySection form={form} options={options} />
        <ConnectNeedsSection form={form} options={options} />
        <ConsentBox channelName={channelName} isChecked={form.consent} onChange={form.setConsent} />

        {form.failure ? (
          <Alert color="red" role="alert">
            {form.failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={form.isBusy} data-testid="connect-submit">
            {t("form.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
