import { Radio, Stack } from "@mantine/core";
import type { TShareLinkKind } from "@vitrine/contract";
import { useTranslation } from "react-i18next";

/** Props of {@link ShareKindChoice}. */
export interface ShareKindChoiceProps {
  kind: TShareLinkKind;
  onChoose(value: string): void;
  /** False when the plan has no password links (Standard and up have them). */
  canPassword: boolean;
  isBusy: boolean;
}

/** The kind of link to make: open, password or encrypted, each with what it means. */
export function ShareKindChoice({ kind, onChoose, canPassword, isBusy }: ShareKindChoiceProps) {
  const { t } = useTranslation("sharing");
  return (
    <Radio.Group
      label={t("manager.create.title")}
      description={t("manager.create.kindLabel")}
      value={kind}
      onChange={onChoose}
    >
      <Stack gap="xs" mt="xs">
        <Radio
          value="open"
          label={t("manager.create.open")}
          description={t("manager.create.openHint")}
          disabled={isBusy}
        />
        <Radio
          value="password"
          label={t("manager.create.password")}
          description={canPassword ? t("manager.create.passwordHint") : t("manager.create.passwordPlan")}
          disabled={isBusy || !canPassword}
          data-testid="kind-password"
        />
        <Radio
          value="sealed"
          label={t("manager.create.sealed")}
          description={t("manager.create.sealedHint")}
          disabled={isBusy}
        />
      </Stack>
    </Radio.Group>
  );
}
