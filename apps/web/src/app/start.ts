/** Start-up wiring of the shell: everything that runs once before the first render. */
import { startI18n } from "../i18n";
import { installChunkReload } from "../lib/chunk-reload";
import { pageTiming } from "../lib/tracking/tab-timing";
import { installSessionParking, restoreSession } from "../stores/session";
import { installGlobalBehaviours } from "./global-behaviours";

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
