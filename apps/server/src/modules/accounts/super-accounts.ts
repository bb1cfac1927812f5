/**
 * Super accounts: created or promoted by `npm run admin:create`, or at start from
 * SUPER_ADMIN_EMAIL when no super account exists. The token-less list answers e-mail IDs only.
 */
import { newId } from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/accounts";
import { normalizeEmail, type TAccountsDeps } from "./deps";
import { superAccountMail } from "./mails";
import type { TPasswordResetService } from "./password-reset";
import { hashPassword, randomPassword } from "./passwords";
import { findUserByEmailId, isUniqueViolation, type TUserRow } from "./queries";
import type { TSessionService } from "./sessions";

/** What `createOrPromote` did. */
export type TSuperOutcome = "created" | "promoted";

/** Manages super accounts. */
export interface TSuperAccountService {
  /**
   * Makes `email` a super account: promotes the account with that e-mail ID, or creates it.
   * With `password` the password is set (and other sessions end); without, a new account gets a
   * random one. Answers what happened and the user row.
   */
  createOrPromote(email: string, password?: string): Promise<{ outcome: TSuperOutcome; user: TUserRow }>;
  /**
   * The console's "add": promotes the account with `email`, or creates it and mails it a link to
   * set its password (the operator never learns or sets a password).
   */
  addByOperator(email: string): Promise<{ outcome: TSuperOutcome; user: TUserRow }>;
  /** At start: with SUPER_ADMIN_EMAIL set and no super account, promote or create it (mailing a link). */
  ensureConfiguredSuper(): Promise<void>;
  /** E-mail IDs of every super account. */
  listEmailIds(): Promise<string[]>;
  /** Whether the account with this e-mail ID is a super account. */
  isSuper(emailId: string): Promise<boolean>;
}

/** Creates the super account service. */
export function createSuperAccountService(
  deps: TAccountsDeps,
  sessionService: TSessionService,
  resets: TPasswordResetService,
): TSuperAccountService {
  const { db, now, logger } = deps;

  async function createOrPromote(email: string, password?: string) {
    const emailId = normalizeEmail(email);
    const at = now();
    const existing = await findUserByEmailId(db, emailId);
    if (existing) {
      const passwordHash = password === undefined ? existing.passwordHash : await hashPassword(password);
      const [user] = await db
        .update(users)
        .set({ isSuper: true, passwordHash, updatedAt: at })
        .where(eq(users.id, existing.id))
        .returning();
      if (password !== undefined) await sessionService.endAll(existing.id);
      return { outcome: "promoted" as const, user: user ?? existing };
    }
    const passwordHash = await hashPassword(password ?? randomPassword());
    try {
      const [user] = await db
        .insert(users)
        .values({
          id: newId("user"),
          emailId,
          email: emailId,
          // The operator named this address; nobody else could have asked for it.
          emailVerifiedAt: at,
          passwordHash,
          isSuper: true,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!user) throw new Error("insert returned no row");
      return { outcome: "created" as const, user };
    } catch (error) {
      // Another instance created it at the same moment: promote that one instead.
      if (isUniqueViolation(error)) return createOrPromote(email, password);
      throw error;
    }
  }

  return {
    createOrPromote,

    async addByOperator(email) {
      const added = await createOrPromote(email);
      if (added.outcome === "created") {
        await resets.mailLink(added.user, (to, link) => superAccountMail(to, link, added.user.language));
      }
      return added;
    },

    async ensureConfiguredSuper() {
      const email = deps.config.superAdminEmail;
      if (!email) return;
      const [anySuper] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.isSuper, true))
        .limit(1);
      if (anySuper) return;
      const { outcome, user } = await createOrPromote(email);
      if (outcome === "promoted") {
        logger.info({ email: user.emailId }, "super account: existing account promoted");
        return;
      }
      await resets.mailLink(user, (to, link) => superAccountMail(to, link, user.language));
      logger.info({ email: user.emailId }, "super account created; a link to set its password was mailed");
    },

    async listEmailIds() {
      const rows = await db
        .select({ emailId: users.emailId })
        .from(users)
        .where(eq(users.isSuper, true))
        .orderBy(users.emailId);
      return rows.map((row) => row.emailId);
    },

    async isSuper(emailId) {
      return (await findUserByEmailId(db, normalizeEmail(emailId)))?.isSuper ?? false;
    },
  };
}
