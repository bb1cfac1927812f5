import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { SHARE_PASSWORD_MAX, type TShareLinkAllowance, type TShareLinkDoc } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../ui/FormAlert";
import { LimitNotice } from "../../../ui/LimitNotice";
import { ShareKindChoice } from "./ShareKindChoice";
import { ShareLinkAtLimit } from "./ShareLinkAtLimit";
import { ShareLinkProgress } from "./ShareLinkProgress";
import { useCreateShareLink } from "./use-create-share-link";

/** Props of {@link CreateShareLink}. */
export interface CreateShareLinkProps {
  contentId: string;
  allowance: TShareLinkAllowance;
  /** Links the content has now. */
  used: number;
  /** A link was made; `key` is an encrypted link's key (only known here and now). */
  onCreated: (doc: TShareLinkDoc, key: string | null) => void;
}

/**
 * Making a link: plain, password (Standard and up) or encrypted. An encrypted link is made in the
 * browser: the content's model and media are fetched, sealed under a fresh key and uploaded; only
 * the ciphertext reaches the server.
 */
export function CreateShareLink({ contentId, allowance, used, onCreated }: CreateShareLinkProps) {
  const { t } = useTranslation("sharing");
  const create = useCreateShareLink(contentId, onCreated);
  const { isBusy, limit } = create;

  if (used >= allowance.limit) return <ShareLinkAtLimit limit={allowance.limit} />;

  return (
    <form onSubmit={create.handleSubmit} noValidate data-testid="share-create">
      <Stack gap="sm">
        <ShareKindChoice
          kind={create.kind}
          onChoose={create.chooseKind}
          canPassword={allowance.can_password}
          isBusy={isBusy}
        />
        {create.kind === "password" ? (
          <PasswordInput
            label={t("manager.create.passwordLabel")}
            description={t("manager.create.passwordDescription")}
            value={create.password}
            onChange={(e) => create.typePassword(e.currentTarget.value)}
            error={create.passwordError}
            maxLength={SHARE_PASSWORD_MAX + 10}
            autoComplete="new-password"
            disabled={isBusy}
            data-autofocus
          />
        ) : null}
        <ShareLinkProgress busy={create.busy} />
        {limit ? <LimitNotice limit={limit.limit} max={limit.max} onClose={create.closeLimit} /> : null}
        <FormAlert message={create.error} />
        <Group>
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={isBusy}>
            {t("manager.create.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
