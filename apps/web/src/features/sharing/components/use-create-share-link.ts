/**
 * The state of making a share link: the kind chosen, the password, the errors and the plan's
 * limit, and the way an encrypted link is made in the browser (collect, encrypt, upload, each
 * with its progress), cancelled when the form goes.
 */
import {
  contentDetailCall,
  SHARE_PASSWORD_MAX,
  SHARE_PASSWORD_MIN,
  shareLinkCreateCall,
  type TCallResult,
  type TShareLinkDoc,
  type TShareLinkKind,
} from "@vitrine/contract";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { planLimitOf, type TPlanLimitAnswer } from "../../../api/plan-limit";
import { fieldErrorsOf } from "../../../api/result-message";
import { useResultMessage } from "../../../i18n/use-messages";
import { sealContent } from "../lib/seal-content";
import { uploadSealed } from "../lib/upload-sealed";

/** What the form is doing: nothing, making a link, or one step of an encrypted link with its fraction. */
export type TCreateBusy =
  | { kind: "idle" }
  | { kind: "creating" }
  | { kind: "collect"; fraction: number }
  | { kind: "encrypt" }
  | { kind: "upload"; fraction: number };

/** What {@link useCreateShareLink} gives the form. */
export interface TCreateShareLink {
  kind: TShareLinkKind;
  /** Chooses another kind of link (and clears the password's error). */
  chooseKind(value: string): void;
  password: string;
  /** Types the password (and clears its error). */
  typePassword(value: string): void;
  passwordError: string | null;
  error: string | null;
  /** The plan's limit the last answer hit, if it hit one. */
  limit: TPlanLimitAnswer | null;
  closeLimit(): void;
  busy: TCreateBusy;
  isBusy: boolean;
  handleSubmit(event: FormEvent): void;
}

/** The contract's password messages, translated when the server sends them back as field errors. */
const PASSWORD_MESSAGES: Record<string, "passwordLength" | "passwordEmpty"> = {
  "Use 6 to 20 characters.": "passwordLength",
  "Please enter a password.": "passwordEmpty",
};

/** Makes links of `contentId`; `onCreated` gets each (with an encrypted link's key). */
export function useCreateShareLink(
  contentId: string,
  onCreated: (doc: TShareLinkDoc, key: string | null) => void,
): TCreateShareLink {
  const { t } = useTranslation("sharing");
  const messageOf = useResultMessage();
  const [kind, setKind] = useState<TShareLinkKind>("open");
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [limit, setLimit] = useState<TPlanLimitAnswer | null>(null);
  const [busy, setBusy] = useState<TCreateBusy>({ kind: "idle" });
  const abort = useRef<AbortController | null>(null);

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

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPasswordError(null);
    setLimit(null);
    void (kind === "sealed" ? createSealed() : createPlain());
  };

  return {
    kind,
    chooseKind(value) {
      if (value === "open" || value === "password" || value === "sealed") setKind(value);
      setPasswordError(null);
    },
    password,
    typePassword(value) {
      setPassword(value);
      setPasswordError(null);
    },
    passwordError,
    error,
    limit,
    closeLimit: () => setLimit(null),
    busy,
    isBusy: busy.kind !== "idle",
    handleSubmit,
  };
}
