/**
 * The production service (issue 15): the model price table, owners' requests and their life
 * cycle (received → quoted → in production | declined → delivered → closed), each step written to
 * the request's history and mailed to the owner in their language. Delivery creates the content
 * in the owner's studio through the content service, marked produced. It composes `prices.ts`,
 * `requests.ts` (the owner's verbs) and `console.ts` (the operators') over `deps.ts` (documents,
 * steps, mails); SQL lives in `queries.ts`.
 */
import { createProductionConsole, type TProductionConsole } from "./console";
import { createRequests, type TProductionDeps } from "./deps";
import { createProductionPrices, type TProductionPrices } from "./prices";
import { deleteRequestsOf } from "./queries";
import { createOwnerRequests, type TOwnerRequests } from "./requests";

export { ADMIN_PAGE_SIZE, type TQuoteInput } from "./console";
export type { TProductionDeps } from "./deps";
export type { TNewRequest } from "./requests";

/** The production service. */
export interface TProductionService extends TProductionPrices, TOwnerRequests, TProductionConsole {
  /** Removes an owner's requests and their history (account deletion). */
  removeOwnerData(ownerId: string): Promise<void>;
}

/** Creates the production service. */
export function createProductionService(deps: TProductionDeps): TProductionService {
  const requests = createRequests(deps);
  return {
    ...createProductionPrices(deps),
    ...createOwnerRequests(deps, requests),
    ...createProductionConsole(deps, requests),
    removeOwnerData: (ownerId) => deleteRequestsOf(deps.db, ownerId),
  };
}
