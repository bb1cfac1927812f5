/**
 * Cookies the web app sets so the server can choose the shell of `/` (issue 17): the landing page
 * prerendered in the visitor's language, or the plain app shell for a signed-in visitor (whose
 * header the prerendered page would get wrong). They hold no secret and identify no one.
 */
export const SHELL_COOKIES = {
  /** `ko` or `en`: the language the app last showed. */
  language: "vt_lang",
  /** `1` while this browser holds a session. */
  signedIn: "vt_signed_in",
} as const;
