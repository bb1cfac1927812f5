/** Start-up wiring of the shell: everything that runs once before the first render. */
import { getEnvelope } from "../api";
import { startI18n } from "../i18n";
import { installSessionParking, restoreSession, useSession } from "../stores/session";
import { installChunkReload } from "./chunk-reload";
import { installGlobalBehaviours } from "./global-behaviours";
import { createPageTiming, RELAY_URL } from "./page-timing";

/** The page-timing tracker of this tab; `RootShell` reports route changes to it. */
export const pageTiming = createPageTiming({
  getEnvelope,
  getUserId: () => useSession.getState().userId,
  relayUrl: RELAY_URL,
});

/**
 * Runs the start-up steps (SPEC §1, §2, §4) in order; resolves once the visitor's language has
 * its translations (the first render waits for it).
 */
export function startShell(): Promise<void> {
  installChunkReload();
  const language = startI18n();
  restoreSession();
  installSessionParking();
  installGlobalBehaviours();
  pageTiming.install();
  return language;
}
