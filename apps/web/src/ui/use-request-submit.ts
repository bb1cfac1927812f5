/**
 * Sending a signed-in user's request form (a production request, a Q&A question): the blank
 * required fields stop it here; the server's refused fields are marked invalid and its message
 * becomes the form's failure.
 */
import type { TCallResult } from "@vitrine/contract";
import { useState } from "react";
import { fieldErrorsOf } from "../api/result-message";
import { useResultMessage } from "../i18n/use-messages";

/** The required fields of a submit: each field's value and the message when it is blank. */
export type TRequiredFields = Record<string, readonly [value: string, blank: string]>;

/** The form's field errors, failure and busy flag, and `submit(required, send, onDone)`. */
export function useRequestSubmit(invalidText: string) {
  const message = useResultMessage();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async <D>(
    required: TRequiredFields,
    send: () => Promise<TCallResult<D>>,
    onDone: (data: D) => void,
  ) => {
    const local = Object.fromEntries(
      Object.entries(required).flatMap(([field, [value, blank]]) =>
        value.trim() === "" ? [[field, blank]] : [],
      ),
    );
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setIsBusy(true);
    const res = await send();
    setIsBusy(false);
    if (res.status) {
      onDone(res.data);
      return;
    }
    const fields = fieldErrorsOf(res);
    setErrors(Object.fromEntries(Object.keys(fields).map((k) => [k, invalidText])));
    setFailure(message(res));
  };

  return { errors, failure, isBusy, submit };
}
