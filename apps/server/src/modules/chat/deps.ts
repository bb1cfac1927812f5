/** What the chat's verbs need. */
import type { FastifyBaseLogger } from "fastify";
import type { TAuditService } from "../../platform/audit";
import type { TDrizzle, TMailer, TRateLimiter } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";

/** What the chat service needs. */
export interface TChatDeps {
  db: TDrizzle;
  accounts: Pick<TAccountsService, "userInfo" | "supers">;
  audit: TAuditService;
  mail: TMailer;
  rateLimits: TRateLimiter;
  publicUrl: string;
  logger: FastifyBaseLogger;
  now: () => Date;
}
