import { Alert, Anchor, Button, Group, PasswordInput, Progress, Radio, Stack, Text } from "@mantine/core";
import { IconLock, IconPlus } from "@tabler/icons-react";
import {
  contentDetailCall,
  SHARE_PASSWORD_MAX,
  SHARE_PASSWORD_MIN,
  shareLinkCreateCall,
  type TCallResult,
  type TShareLinkAllowance,
  type TShareLinkDoc,
  type TShareLinkKind,
} from "@vitrine/contract";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../../api";
import { planLimitOf, type TPlanLimitAnswer } from "../../../api/plan-limit";
import { fieldErrorsOf } from "../../../api/result-message";
import { useResultMessage } from "../../../i18n/use-messages";
import { FormAlert } from "../../../ui/FormAlert";
import { LimitNotice } from "../../../ui/LimitNotice";
import { sealContent } from "../lib/seal-content";
import { uploadSealed } from "../lib/upload-sealed";

/** Props of {@link CreateShareLink}. */
export interface CreateShareLinkProps {
  contentId: string;
  allowance: TShareLinkAllowance;
  /** Links the content has now. */
  used: number;
  /** A link was made; `key` is an encrypted link's key (only known here and now). */
  onCreated: (doc: TShareLinkDoc, key: string | null) => void;
}

type TBusy =
  | { kind: "idle" }
  | { kind: "creating" }
  | { kind: "collect"; fraction: number }
  | { kind: "encrypt" }
  | { kind: "upload"; fraction: number };

/** The contract's password messages, translated when the server sends them back as field errors. */
const PASSWORD_MESSAGES: Record<string, "passwordLength" | "passwordEmpty"> = {
  "Use 6 to 20 characters.": "passwordLength",
  "Please enter a password.": "passwordEmpty",
};

/**
 * Making a link: plain, password (Standard and up) or encrypted. An encrypted link is made in the
 * browser: the content's model and media are fetched, sealed under a fresh key and uploaded; only
 * the ciphertext reaches the server.
 */
export function CreateShareLink({ contentId, allowance, used, onCreated }: CreateShareLinkProps) {
  const { t } = useTranslation("sharing");
  const messageOf = useResultMessage();
  const [kind, setKind] = useState<TShareLinkKind>("open");
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [limit, setLimit] = useState<TPlanLimitAnswer | null>(null);
  const [busy, setBusy] = useState<TBusy>({ kind: "idle" });
  const abort = useRef<AbortController | null>(null);
  const isAtLimit = used >= allowance.limit;
  const isBusy = busy.kind !== "idle";

  useEffect(() => () => abort.current?.abort(), []);

  const showFailure = (res: TCallResult<unknown>) => {
    const planLimit = planLimitOf(res);
    if (planLimit) {
      setLimit(planLimit);
      return;
    }
    const field = fieldErrorsOf(res).password;
    if (field !== undefined) {
      const key = PASSWORD_MESSAGES[field];
      setPasswordError(key ? t(`manager.create.${key}`) : messageOf(res));
      return;
    }
    setError(messageOf(res));
  };

  const createPlain = async () => {
    const trimmed = kind === "password" ? password : undefined;
    if (
      trimmed !== undefined &&
      (trimmed.length < SHARE_PASSWORD_MIN || trimmed.length > SHARE_PASSWORD_MAX)
    ) {
      setPasswordError(
        t(trimmed.length === 0 ? "manager.create.passwordEmpty" : "manager.create.passwordLength"),
      );
      return;
    }
    setBusy({ kind: "creating" });
    const res = await api(shareLinkCreateCall, {
      content_id: contentId,
      ...(trimmed === undefined ? {} : { password: trimmed }),
    });
    setBusy({ kind: "idle" });
    if (!res.status) {
      showFailure(res);
      return;
    }
    setPassword("");
    onCreated(res.data.doc, null);
  };

  const createSealed = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setBusy({ kind: "collect", fraction: 0 });
    const detail = await api(contentDetailCall, { content_id: contentId });
    if (!detail.status) {
      setBusy({ kind: "idle" });
      showFailure(detail);
      return;
    }
    let sealed: { ciphertext: Uint8Array; key: string };
    try {
      sealed = await sealContent(
        detail.data.doc,
        (phase, fraction) =>
          setBusy(phase === "collect" ? { kind: "collect", fraction } : { kind: "encrypt" }),
        controller.signal,
      );
    } catch {
      if (!controller.signal.aborted) {
        setBusy({ kind: "idle" });
        setError(t("manager.create.sealedFailed"));
      }
      return;
    }
    setBusy({ kind: "upload", fraction: 0 });
    const res = await uploadSealed(contentId, sealed.ciphertext, {
      signal: controller.signal,
      onProgress: (fraction) => setBusy({ kind: "upload", fraction }),
    });
    if (controller.signal.aborted) return;
    setBusy({ kind: "idle" });
    if (!res.status) {
      showFailure(res);
      return;
    }
    onCreated(res.data.doc, sealed.key);
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setPasswordError(null);
    setLimit(null);
    void (kind === "sealed" ? createSealed() : createPlain());
  };

  const percent = (f: number) => Math.round(f * 100);
  const progress =
    busy.kind === "collect"
      ? {
          value: percent(busy.fraction),
          text: t("manager.create.collect", { percent: percent(busy.fraction) }),
        }
      : busy.kind === "encrypt"
        ? { value: 100, text: t("manager.create.encrypt") }
        : busy.kind === "upload"
          ? {
              value: percent(busy.fraction),
              text: t("manager.create.upload", { percent: percent(busy.fraction) }),
            }
          : null;

  if (isAtLimit) {
    return (
      <Stack gap="xs" data-testid="share-create">
        <Text fw={600} size="sm">
          {t("manager.create.title")}
        </Text>
        <Alert color="orange" variant="light" icon={<IconLock />} data-testid="share-at-limit">
          <Text size="sm">{t("manager.create.atLimit", { limit: allowance.limit })}</Text>
          <Anchor component={Link} to="/price" size="sm" fw={600}>
            {t("manager.create.upgrade")}
          </Anchor>
        </Alert>
        <Group>
          <Button leftSection={<IconPlus size={16} />} disabled>
            {t("manager.create.submit")}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="share-create">
      <Stack gap="sm">
        <Radio.Group
          label={t("manager.create.title")}
          description={t("manager.create.kindLabel")}
          value={kind}
          onChange={(value) => {
            if (value === "open" || value === "password" || value === "sealed") setKind(value);
            setPasswordError(null);
          }}
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
              description={
                allowance.can_password ? t("manager.create.passwordHint") : t("manager.create.passwordPlan")
              }
              disabled={isBusy || !allowance.can_password}
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
        {kind === "password" ? (
          <PasswordInput
            label={t("manager.create.passwordLabel")}
            description={t("manager.create.passwordDescription")}
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setPasswordError(null);
            }}
            error={passwordError}
            maxLength={SHARE_PASSWORD_MAX + 10}
            autoComplete="new-password"
            disabled={isBusy}
            data-autofocus
          />
        ) : null}
        {progress ? (
          <Stack gap={4} role="status" aria-live="polite">
            <Progress value={progress.value} animated striped={busy.kind === "encrypt"} />
            <Text size="xs" c="dimmed">
              {progress.text}
            </Text>
          </Stack>
        ) : null}
        {limit ? <LimitNotice limit={limit.limit} max={limit.max} onClose={() => setLimit(null)} /> : null}
        <FormAlert message={error} />
        <Group>
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={isBusy}>
            {t("manager.create.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
