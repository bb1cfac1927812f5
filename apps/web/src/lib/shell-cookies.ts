/**
 * The two cookies by which the server chooses the shell of `/` (`SHELL_COOKIES`, issue 17):
 * the language the app shows, and whether this browser is signed in.
 */
import { SHELL_COOKIES } from "@vitrine/contract";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function writeCookie(name: string, value: string | null): void {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; both values are our own constants.
  document.cookie =
    value === null
      ? `${name}=; path=/; max-age=0; samesite=lax`
      : `${name}=${value}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

/** Records the language in use, so `/` comes prerendered in it next time. */
export function rememberShellLanguage(language: string): void {
  writeCookie(SHELL_COOKIES.language, language);
}

/** Records whether this browser holds a session (signed-in visitors get the plain shell). */
export function markSignedIn(isSignedIn: boolean): void {
  writeCookie(SHELL_COOKIES.signedIn, isSignedIn ? "1" : null);
}
