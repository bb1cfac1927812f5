/**
 * Reading a failed call's answer for a form: its `codes` message key, its field errors, and the
 * wait it names. The session rules (803, 403, sign-out) are the API client's; this is what is
 * left for the page to show.
 */
import { CODES, codeByRescode, type TCallResult, type TFieldErrors } from "@vitrine/contract";
import type { ParseKeys } from "i18next";

/** A message key of the `codes` namespace. */
export type TCodeKey = ParseKeys<"codes">;

const CODE_KEYS: ReadonlySet<string> = new Set(Object.values(CODES).map((code) => code.key));

/** The `codes` key of an answer's rescode; 'It was not processed correctly.' for one we do not know. */
export function codeKeyOf(result: Pick<TCallResult<unknown>, "rescode" | "transport">): TCodeKey {
  if (result.transport !== undefined) return "serviceUnavailable";
  const key = codeByRescode(result.rescode)?.key;
  return (key !== undefined && CODE_KEYS.has(key) ? key : CODES.notProcessed.key) as TCodeKey;
}

function dataRecord(result: Pick<TCallResult<unknown>, "data">): Record<string, unknown> | null {
  const data: unknown = result.data;
  return typeof data === "object" && data !== null ? (data as Record<string, unknown>) : null;
}

/** The field errors of a validation answer (`data.fields`), field name → English contract message. */
export function fieldErrorsOf(result: Pick<TCallResult<unknown>, "data">): TFieldErrors {
  const fields = dataRecord(result)?.fields;
  if (typeof fields !== "object" || fields === null) return {};
  const errors: TFieldErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    if (typeof message === "string") errors[field] = message;
  }
  return errors;
}

/** Seconds the server asks to wait before trying again (`data.retryAfterSeconds`), if it names them. */
export function retryAfterOf(result: Pick<TCallResult<unknown>, "data">): number | null {
  const seconds = dataRecord(result)?.retryAfterSeconds;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/** True when the answer is "too many attempts" (either limit code). */
export function isLimited(result: Pick<TCallResult<unknown>, "rescode">): boolean {
  return result.rescode === CODES.rateLimited.rescode || result.rescode === CODES.tryLater.rescode;
}

/** The message of a failure the form shows as a whole: 'Please try again later.' for either limit. */
export function failureKeyOf(result: Pick<TCallResult<unknown>, "rescode" | "transport">): TCodeKey {
  return isLimited(result) ? "tryLater" : codeKeyOf(result);
}
