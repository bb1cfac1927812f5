/** Super accounts: an operator adds one (promoted, or created with a mailed link) or removes one. */
import type { TAuth } from "../../platform/types";
import type { TAdminDeps } from "./deps";

/** The super-account verbs. */
export interface TAdminSupers {
  /** The super accounts' e-mail IDs (the console's list). */
  listSupers(): Promise<string[]>;
  addSuper(
    actor: TAuth,
    email: string,
    reason: string,
  ): Promise<{ outcome: "created" | "promoted"; emailId: string }>;
  /** Never the last one (`lastSuperAccount`). */
  removeSuper(actor: TAuth, emailId: string, reason: string): Promise<void>;
}

/** Creates the super-account verbs. */
export function createAdminSupers(deps: Pick<TAdminDeps, "accounts" | "audit">): TAdminSupers {
  const { accounts, audit } = deps;
  return {
    listSupers() {
      return accounts.supers.listEmailIds();
    },

    async addSuper(actor, email, reason) {
      const before = await accounts.operators.byEmailId(email);
      const { outcome, user } = await accounts.supers.addByOperator(email);
      await audit.audit({
        actorId: actor.userId,
        action: "super.add",
        targetType: "user",
        targetId: user.id,
        before: before ? { email_id: before.emailId, is_super: before.isSuper } : null,
        after: { email_id: user.emailId, is_super: true, outcome },
        reason,
      });
      return { outcome, emailId: user.emailId };
    },

    async removeSuper(actor, emailId, reason) {
      const after = await accounts.operators.removeSuper(emailId);
      await audit.audit({
        actorId: actor.userId,
        action: "super.remove",
        targetType: "user",
        targetId: after.id,
        before: { email_id: after.emailId, is_super: true },
        after: { email_id: after.emailId, is_super: false },
        reason,
      });
    },
  };
}
