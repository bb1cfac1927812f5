/**
 * The admin service (issue 12): the verbs of the operators' console. Accounts, contents and
 * channels are reached through their services; every action writes one audit row.
 */
import {
  ADMIN_CONTENT_FIND_MAX,
  ADMIN_PAGE_SIZE,
  ADMIN_TRIAL_MAX_DAYS,
  ADMIN_USER_MESSAGES,
  AppError,
  PLAN_IDS,
  planLevel,
  type TAdminContentRow,
  type TAdminUserDetail,
  type TAdminUserRow,
  type TAuditDoc,
  type TPlanId,
} from "@vitrine/contract";
import type { TAuditService } from "../../platform/audit";
import type { TAuth, TDrizzle } from "../../platform/types";
import type { TUserRow } from "../accounts/queries";
import type { TAccountsService } from "../accounts/service";
import type { TChannelsService } from "../channels/service";
import type { TContentService } from "../content/service";
import { auditCountSince, auditPage, type TAuditRow } from "./queries";

const DAY_MS = 86_400_000;

/** What the admin service needs. */
export interface TAdminDeps {
  db: TDrizzle;
  audit: TAuditService;
  accounts: Pick<TAccountsService, "operators" | "supers" | "setPlanIn" | "planChanged">;
  content: Pick<TContentService, "operators">;
  channels: Pick<TChannelsService, "channelOfOwner">;
  now: () => Date;
}

/** A page of a console list. */
export interface TAdminPage<T> {
  docs: T[];
  page: number;
  page_size: number;
  total: number;
}

/** The console home's figures. */
export interface TAdminOverview {
  users: number;
  suspended: number;
  supers: number;
  contents: number;
  produced: number;
  audit_week: number;
  recent: TAuditDoc[];
}

/** The console's verbs. Each action takes the acting super account and a reason. */
export interface TAdminService {
  /** The audit log, newest first; `targetId` may also be an account's e-mail ID. */
  auditList(page: number, filter: { action?: string; targetId?: string }): Promise<TAdminPage<TAuditDoc>>;
  overview(): Promise<TAdminOverview>;
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
  addSuper(
    actor: TAuth,
    email: string,
    reason: string,
  ): Promise<{ outcome: "created" | "promoted"; emailId: string }>;
  removeSuper(actor: TAuth, emailId: string, reason: string): Promise<void>;
  findContents(query: string): Promise<TAdminContentRow[]>;
}

function offsetOf(page: number): number {
  return (page - 1) * ADMIN_PAGE_SIZE;
}

function planOf(value: string): TPlanId {
  return (PLAN_IDS as readonly string[]).includes(value) ? (value as TPlanId) : "free";
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
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

/** Creates the admin service. */
export function createAdminService(deps: TAdminDeps): TAdminService {
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

  async function auditDocs(rows: TAuditRow[]): Promise<TAuditDoc[]> {
    const names = await accounts.operators.emailIds([
      ...rows.map((row) => row.actorId),
      ...rows.filter((row) => row.targetType === "user").map((row) => row.targetId),
    ]);
    return rows.map((row) => ({
      audit_id: row.id,
      actor_id: row.actorId,
      actor_email_id: names.get(row.actorId) ?? null,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      target_label: row.targetType === "user" ? (names.get(row.targetId) ?? null) : null,
      before: row.before ?? null,
      after: row.after ?? null,
      reason: row.reason,
      created_at: row.createdAt.toISOString(),
    }));
  }

  return {
    async auditList(page, filter) {
      let targetId = filter.targetId || undefined;
      if (targetId?.includes("@")) {
        // Operators know accounts by their e-mail: find its rows by the account's id.
        targetId = (await accounts.operators.byEmailId(targetId))?.id ?? targetId;
      }
      const { rows, total } = await auditPage(
        db,
        { action: filter.action || undefined, targetId },
        offsetOf(page),
        ADMIN_PAGE_SIZE,
      );
      return { docs: await auditDocs(rows), page, page_size: ADMIN_PAGE_SIZE, total };
    },

    async overview() {
      const [people, stock, week, recent] = await Promise.all([
        accounts.operators.counts(),
        content.operators.counts(),
        auditCountSince(db, new Date(now().getTime() - 7 * DAY_MS)),
        auditPage(db, {}, 0, 5),
      ]);
      return {
        users: people.users,
        suspended: people.suspended,
        supers: people.supers,
        contents: stock.contents,
        produced: stock.produced,
        audit_week: week,
        recent: await auditDocs(recent.rows),
      };
    },

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

    async findContents(query) {
      const text = query.trim();
      let found: Awaited<ReturnType<typeof content.operators.find>>;
      if (text.includes("@")) {
        const owner = await accounts.operators.byEmailId(text);
        found = owner ? await content.operators.find({ ownerId: owner.id }, ADMIN_CONTENT_FIND_MAX) : [];
      } else {
        found = await content.operators.find({ contentId: text }, ADMIN_CONTENT_FIND_MAX);
      }
      const owners = await accounts.operators.emailIds(found.map((row) => row.ownerId));
      return found.map((row) => ({
        content_id: row.contentId,
        title: row.title,
        owner_id: row.ownerId,
        owner_email_id: owners.get(row.ownerId) ?? null,
        status: row.status,
        is_produced: row.isProduced,
        thumbnail_url: row.thumbnailUrl,
        created_at: row.createdAt.toISOString(),
      }));
    },
  };
}
