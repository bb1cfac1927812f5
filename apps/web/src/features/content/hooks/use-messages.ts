/**
 * The page's language and a failed answer's sentence, for the content screens: the hooks live in
 * `i18n/use-messages.ts`, since every feature words its failures the same way.
 */
export { useLanguage, useResultMessage } from "../../../i18n/use-messages";
