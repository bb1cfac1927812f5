/**
 * The matching service (issue 14): the connecting form (verified e-mail, limits, consent), the
 * matching job (rules in SQL, weighted score, at most MATCH_MAX businesses above the threshold,
 * mails in each recipient's language), the owners' connections, their settings, the one-click
 * "not interested", and the operators' view. It composes `form.ts`, `run.ts` (the job),
 * `connections.ts` (the business's side) and `console.ts` (the operators'); SQL lives in
 * `queries.ts`, the score in `scoring.ts`.
 */
import { createConnections, type TConnections } from "./connections";
import { createMatchConsole, type TMatchConsole } from "./console";
import type { TMatchingDeps } from "./deps";
import { createConnectForm, type TConnectForm } from "./form";
import { deleteOwnerData } from "./queries";
import { createMatchingRun } from "./run";

export type { TMatchStats } from "./console";
export {
  FORMS_PER_EMAIL_DAY,
  INQUIRY_KEEP_DAYS,
  MATCH_BUCKETS,
  MATCH_JOB,
  type TMatchingAccountsPort,
  type TMatchingChannelsPort,
  type TMatchingContentPort,
  type TMatchingDeps,
} from "./deps";

/** The matching service. */
export interface TMatchingService extends TConnectForm, TConnections, TMatchConsole {
  /** Runs the matching of one inquiry (the job's handler; tests call it through the job). */
  run(inquiryId: string): Promise<void>;
  removeOwner(ownerId: string): Promise<void>;
}

/** Creates the matching service. */
export function createMatchingService(deps: TMatchingDeps): TMatchingService {
  return {
    ...createConnectForm(deps),
    ...createConnections(deps),
    ...createMatchConsole(deps),
    run: createMatchingRun(deps),
    removeOwner: (ownerId) => deleteOwnerData(deps.db, ownerId),
  };
}
