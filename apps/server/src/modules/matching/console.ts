/**
 * The operators' view of matching: the counts and the latest inquiries (most complained about
 * first), and removing an inquiry (its connections and the person's details go, with an audit
 * row in the same transaction).
 */
import { AppError } from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import type { TMatchingDeps } from "./deps";
import { findInquiry, inquiryFigures, matchCounts, removeInquiry } from "./queries";

/** The operators' counts. */
export interface TMatchStats {
  counts: {
    inquiries: number;
    shared: number;
    matched: number;
    no_match: number;
    connections: number;
    declines: number;
    not_interested: number;
    complaints: number;
    opted_in: number;
  };
  docs: {
    inquiry_id: string;
    email: string;
    company: string;
    country: string;
    needs: string;
    shared: boolean;
    status: string;
    connections: number;
    declines: number;
    complaints: number;
    created_at: string;
  }[];
}

/** The operators' verbs. */
export interface TMatchConsole {
  stats(): Promise<TMatchStats>;
  remove(auth: TAuth, inquiryId: string, reason: string): Promise<void>;
}

/** Creates the operators' verbs. */
export function createMatchConsole(deps: Pick<TMatchingDeps, "db" | "audit" | "now">): TMatchConsole {
  const { db, now } = deps;

  return {
    async stats() {
      const counts = await matchCounts(db);
      const n = (key: string) => Number(counts?.[key] ?? 0);
      const docs = await inquiryFigures(db, 100);
      return {
        counts: {
          inquiries: n("inquiries"),
          shared: n("shared"),
          matched: n("matched"),
          no_match: n("no_match"),
          connections: n("connections"),
          declines: n("declines"),
          not_interested: n("not_interested"),
          complaints: n("complaints"),
          opted_in: n("opted_in"),
        },
        docs: docs.map((d) => ({
          inquiry_id: d.inquiry.id,
          email: d.inquiry.email,
          company: d.inquiry.company,
          country: d.inquiry.country,
          needs: d.inquiry.needs,
          shared: d.inquiry.consentThirdParty,
          status: d.inquiry.status,
          connections: Number(d.connections),
          declines: Number(d.declines),
          complaints: Number(d.complaints),
          created_at: d.inquiry.createdAt.toISOString(),
        })),
      };
    },

    async remove(auth, inquiryId, reason) {
      const inquiry = await findInquiry(db, inquiryId);
      if (!inquiry || inquiry.removedAt) throw new AppError("notFound");
      const at = now();
      await db.transaction(async (tx) => {
        // The person's details go; the row stays for the counts.
        const gone = await removeInquiry(tx, inquiryId, { at, reason });
        await deps.audit.audit(
          {
            actorId: auth.userId,
            action: "inquiry.remove",
            targetType: "inquiry",
            targetId: inquiryId,
            before: {
              company: inquiry.company,
              country: inquiry.country,
              status: inquiry.status,
              connections: gone,
            },
            after: { status: "removed" },
            reason,
          },
          tx,
        );
      });
    },
  };
}
