/**
 * The state of the business-connecting form: what the buyer typed, the verified e-mail, the
 * consent, the field errors (the contract's English messages) and the submit, checked with the
 * contract's schema in the browser before the server sees it.
 */
import {
  CODES,
  connectSubmitCall,
  type TBusinessConnectValues,
  ZConnectSubmit,
  fieldErrorsOf as zodFieldErrorsOf,
} from "@vitrine/contract";
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { api } from "../../../api";
import { fieldErrorsOf } from "../../../api/result-message";
import { currentLanguage } from "../../../i18n";
import { useResultMessage } from "../../../i18n/use-messages";
import type { TConnectOrigin } from "../../../lib/connect-form-link";
import { readViewed } from "../../../lib/match-viewed";

/** What the buyer types: the contract's form values, and what they look for. */
export interface TConnectValues extends TBusinessConnectValues {
  needs: string;
  quantity: string;
  incoterms: string[];
}

const EMPTY: TConnectValues = {
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

/** The form's errors by field (the contract's English messages), `form` for the whole form. */
export type TConnectErrors = Partial<Record<keyof TConnectValues | "form", string>>;

/** What a sent form tells the page. */
export interface TConnectSent {
  shared: boolean;
  email: string;
}

/** What {@link useConnectForm} gives the form's sections. */
export interface TConnectForm {
  values: TConnectValues;
  /** Sets a field and clears its error. */
  set<K extends keyof TConnectValues>(key: K, value: TConnectValues[K]): void;
  consent: boolean;
  setConsent(isChecked: boolean): void;
  /** The address whose code was verified (null until then). */
  verifiedEmail: string | null;
  setVerifiedEmail(email: string | null): void;
  errors: TConnectErrors;
  /** Adds field errors (the e-mail and code fields' own checks). */
  addErrors(errors: TConnectErrors): void;
  /** Why the server refused the form, when no field says it. */
  failure: string | null;
  isBusy: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  handleSubmit(event: FormEvent): Promise<void>;
}

/** Runs the connecting form opened from `origin`; `onSent` hears of a form the server took. */
export function useConnectForm(
  origin: Required<TConnectOrigin>,
  onSent: (result: TConnectSent) => void,
): TConnectForm {
  const resultMessage = useResultMessage();
  const [values, setValues] = useState<TConnectValues>(EMPTY);
  const [consent, setConsent] = useState(false);
  const [verifiedEmail, setVerifiedEmail] = useState<string | null>(null);
  const [errors, setErrors] = useState<TConnectErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused submit, the first field in error takes the focus (keyboard and screen readers).
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [attempt]);

  const set = <K extends keyof TConnectValues>(key: K, value: TConnectValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] === undefined ? e : { ...e, [key]: undefined }));
  };

  const addErrors = (more: TConnectErrors) => setErrors((prev) => ({ ...prev, ...more }));

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
      const local = parsed.success ? {} : (zodFieldErrorsOf(parsed.error) as TConnectErrors);
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
      setErrors(fields as TConnectErrors);
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

  return {
    values,
    set,
    consent,
    setConsent,
    verifiedEmail,
    setVerifiedEmail,
    errors,
    addErrors,
    failure,
    isBusy,
    formRef,
    handleSubmit,
  };
}
