/**
 * The console's accounts: the search, one account's detail (plan, trial, contents, channel), and
 * the changes operators make — trial, plan, suspension. A plan change and its audit row commit
 * together through `accounts.setPlanIn`; a suspension and its row through `operators.setSuspended`.
 */
import {
  ADMIN_PAGE_SIZE,
  ADMIN_TRIAL_MAX_DAYS,
  ADMIN_USER_MESSAGES,
  AppError,
  PLAN_IDS,
  planLevel,
  type TAdminUserDetail,
  type TAdminUserRow,
  type TPlanId,
} from "@vitrine/contract";
import type { TAuditService } from "../../platform/audit";
import type { TAuth, TDrizzle } from "../../platform/types";
import type { TAccountsService, TUserRow } from "../accounts/service";
import type { TAdminDeps, TAdminPage } from "./deps";
import { DAY_MS, iso, offsetOf } from "./deps";

/** The console's account verbs. Each change takes the acting super account and a reason. */
export interface TAdminUsers {
  searchUsers(query: string, page: number): Promise<TAdminPage<TAdminUserRow>>;
  userDetail(userId: string): Promise<TAdminUserDetail>;
  setTrial(actor: TAuth, userId: string, endsAt: Date, reason: string): Promise<TAdminUserDetail>;
  setPlan(
    actor: TAuth,
    userId: string,
    plan: TPlanId,
    expiresAt: Date | null,
    reason: string,
  ): Promise<TAdminUserDetail>;
  setSuspended(actor: TAuth, userId: string, isSuspended: boolean, reason: string): Promise<TAdminUserDetail>;
}

function planOf(value: string): TPlanId {
  return (PLAN_IDS as readonly string[]).includes(value) ? (value as TPlanId) : "free";
}

/** The plan facts an audit row keeps before and after a change. */
function planSnapshot(user: TUserRow): Record<string, unknown> {
  return {
    plan: user.activePlane,
    payment_status: user.paymentStatus,
    plan_expires_at: iso(user.planExpiresAt),
    trial_ends_at: iso(user.trialEndsAt),
  };
}

/** Creates the console's account verbs. */
export function createAdminUsers(
  deps: Pick<TAdminDeps, "db" | "accounts" | "content" | "channels" | "audit" | "now">,
): TAdminUsers {
  const { db, accounts, content, channels, audit, now } = deps;

  function userRow(user: TUserRow): TAdminUserRow {
    const at = now();
    const isTrial = user.trialEndsAt !== null && user.trialEndsAt.getTime() > at.getTime();
    const plan = planOf(user.activePlane);
    return {
      user_id: user.id,
      email_id: user.emailId,
      active_plane: plan,
      payment_status: user.paymentStatus,
      trial: isTrial,
      trial_ends_at: iso(user.trialEndsAt),
      level: planLevel({ active_plane: plan, payment_status: user.paymentStatus, trial: isTrial }, at),
      is_super: user.isSuper,
      suspended: user.suspendedAt !== null,
      created_at: user.createdAt.toISOString(),
    };
  }

  async function detailOf(user: TUserRow): Promise<TAdminUserDetail> {
    const at = now();
    const [contents, channel] = await Promise.all([
      content.operators.countOf(user.id),
      channels.channelOfOwner(user.id),
    ]);
    return {
      ...userRow(user),
      email: user.email,
      language: user.language,
      plane_info: {
        plan: planOf(user.activePlane),
        period: user.planPeriod ?? null,
        subscribed:
          user.paymentStatus && (user.planExpiresAt === null || user.planExpiresAt.getTime() > at.getTime()),
        expires_at: iso(user.planExpiresAt),
      },
      suspended_at: iso(user.suspendedAt),
      contents,
      channel: channel ? { user_channel_id: channel.id, channel_name: channel.name } : null,
    };
  }

  /**
   * Changes an account's plan and writes its audit row in one transaction (through
   * `accounts.setPlanIn`; if the audit row fails, the plan is not changed), then tells every
   * cache of plan levels (`planChanged`) after the commit.
   */
  async function changePlan(
    userId: string,
    plan: (before: TUserRow) => {
      change: Parameters<TAccountsService["setPlanIn"]>[2];
      entry: (after: TUserRow) => Parameters<TAuditService["audit"]>[0];
    },
  ): Promise<TUserRow> {
    const after = await db.transaction(async (tx: TDrizzle) => {
      const before = await accounts.operators.byId(userId, tx);
      if (!before) throw new AppError("userNotFound");
      const { change, entry } = plan(before);
      await accounts.setPlanIn(tx, userId, change);
      const changed = await accounts.operators.byId(userId, tx);
      if (!changed) throw new AppError("userNotFound");
      await audit.audit(entry(changed), tx);
      return changed;
    });
    await accounts.planChanged(userId);
    return after;
  }

  async function userOf(userId: string): Promise<TUserRow> {
    const user = await accounts.operators.byId(userId);
    if (!user) throw new AppError("userNotFound");
    return user;
  }

  return {
    async searchUsers(query, page) {
      const { rows, total } = await accounts.operators.search(query, offsetOf(page), ADMIN_PAGE_SIZE);
      return { docs: rows.map(userRow), page, page_size: ADMIN_PAGE_SIZE, total };
    },

    async userDetail(userId) {
      return detailOf(await userOf(userId));
    },

    async setTrial(actor, userId, endsAt, reason) {
      const at = now().getTime();
      if (endsAt.getTime() <= at) {
        throw new AppError("validation", { fields: { trial_ends_at: ADMIN_USER_MESSAGES.trialInPast } });
      }
      if (endsAt.getTime() > at + ADMIN_TRIAL_MAX_DAYS * DAY_MS) {
        throw new AppError("validation", { fields: { trial_ends_at: ADMIN_USER_MESSAGES.trialTooFar } });
      }
      const after = await changePlan(userId, (before) => ({
        change: {
          plan: planOf(before.activePlane),
          paymentStatus: before.paymentStatus,
          trialEndsAt: endsAt,
        },
        entry: (changed) => ({
          actorId: actor.userId,
          action: "user.trial",
          targetType: "user",
          targetId: userId,
          before: { trial_ends_at: iso(before.trialEndsAt) },
          after: { trial_ends_at: iso(changed.trialEndsAt) },
          reason,
        }),
      }));
      return detailOf(after);
    },

    async setPlan(actor, userId, plan, expiresAt, reason) {
      const isPaid = plan !== "free";
      if (isPaid && expiresAt && expiresAt.getTime() <= now().getTime()) {
        throw new AppError("validation", { fields: { plan_expires_at: ADMIN_USER_MESSAGES.expiryInPast } });
      }
      const after = await changePlan(userId, (before) => ({
        change: {
          plan,
          paymentStatus: isPaid,
          planExpiresAt: isPaid ? expiresAt : null,
          planStatus: isPaid ? "active" : "none",
        },
        entry: (changed) => ({
          actorId: actor.userId,
          action: "user.plan",
          targetType: "user",
          targetId: userId,
          before: planSnapshot(before),
          after: planSnapshot(changed),
          reason,
        }),
      }));
      return detailOf(after);
    },

    async setSuspended(actor, userId, isSuspended, reason) {
      if (userId === actor.userId) throw new AppError("adminSelfAction");
      // The change and its audit row commit together (or neither does).
      const { after } = await accounts.operators.setSuspended(userId, isSuspended, (tx, { before, after }) =>
        audit.audit(
          {
            actorId: actor.userId,
            action: isSuspended ? "user.suspend" : "user.restore",
            targetType: "user",
            targetId: userId,
            before: { suspended_at: iso(before.suspendedAt) },
            after: { suspended_at: iso(after.suspendedAt) },
            reason,
          },
          tx,
        ),
      );
      return detailOf(after);
    },
  };
}
