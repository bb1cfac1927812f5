/**
 * The business-connecting form: the buyer's e-mail code (sent and checked through the accounts
 * module's business codes) and the form itself — limited per IP and address (stored forms count,
 * so the limit holds across instances), stored, queued for matching when the buyer agreed to
 * share it, and copied to the buyer.
 */
import { AppError, newId, type TConnectSubmit, type TLanguage } from "@vitrine/contract";
import type { TMatchingDeps } from "./deps";
import { DAY_MS, FORMS_PER_EMAIL_DAY, MATCH_BUCKETS, MATCH_JOB, mailSafely } from "./deps";
import { buyerOf } from "./docs";
import { isDisposableEmail } from "./email-kind";
import { buyerCopyMail } from "./mails";
import { countInquiriesSince, findInquiry, insertInquiry } from "./queries";

/** The form's verbs. */
export interface TConnectForm {
  sendCode(email: string, lang: TLanguage): Promise<{ sent: true; resend_after: number }>;
  verifyCode(email: string, code: string): Promise<{ verified: true }>;
  submit(
    form: TConnectSubmit,
    ip: string,
  ): Promise<{ inquiry_id: string; created_at: string; shared: boolean }>;
}

/** Creates the form's verbs. */
export function createConnectForm(
  deps: Pick<
    TMatchingDeps,
    "db" | "mail" | "logger" | "jobs" | "rateLimits" | "accounts" | "channels" | "now"
  >,
): TConnectForm {
  const { db, now } = deps;

  return {
    sendCode: (email, lang) => {
      // Refused before a code is mailed to it: a throw-away inbox would be read once.
      if (isDisposableEmail(email)) throw new AppError("connectEmailDisposable");
      return deps.accounts.businessCodes.send(email, lang);
    },
    verifyCode: (email, code) => deps.accounts.businessCodes.verify(email, code),

    async submit(form, ip) {
      const email = form.email.trim().toLowerCase();
      if (isDisposableEmail(email)) throw new AppError("connectEmailDisposable");
      const at = now();
      await deps.rateLimits.consume(MATCH_BUCKETS.ip, ip);
      await deps.rateLimits.consume(MATCH_BUCKETS.email, email);
      if ((await countInquiriesSince(db, email, new Date(at.getTime() - DAY_MS))) >= FORMS_PER_EMAIL_DAY) {
        throw new AppError("rateLimited", { data: { retryAfterSeconds: 3600 } });
      }
      let originChannelId: string | null = null;
      let channelName: string | null = null;
      if (form.user_channel_id) {
        const ownerId = await deps.channels.channelOwner(form.user_channel_id);
        if (!ownerId) throw new AppError("notFound");
        originChannelId = form.user_channel_id;
        channelName = (await deps.channels.channelOfOwner(ownerId))?.name ?? null;
      }
      // Last: a refused form does not spend the buyer's verified code.
      await deps.accounts.businessCodes.consume(email, form.code);

      const shared = form.consents.thirdParty;
      const id = newId("inquiry");
      await insertInquiry(db, {
        id,
        email,
        lang: form.lang,
        country: form.country,
        company: form.company,
        contactPerson: form.contactPerson,
        jobTitle: form.jobTitle,
        industry: form.industry,
        industryOther: form.industry === "other" ? form.industryOther : "",
        inquiryType: form.inquiryType,
        businessType: form.businessType,
        needs: form.needs,
        quantity: form.quantity,
        incoterms: form.incoterms,
        consentThirdParty: shared,
        consentedAt: shared ? at : null,
        source: form.source,
        originChannelId,
        originContentId: form.content_id,
        viewed: { content_ids: form.viewed.content_ids, booth_ids: form.viewed.booth_ids },
        status: shared ? "queued" : "not_shared",
        createdAt: at,
      });
      if (shared) await deps.jobs.enqueue(MATCH_JOB, { inquiryId: id });
      const row = await findInquiry(db, id);
      if (row) await mailSafely(deps, "buyer copy", buyerCopyMail(buyerOf(row), shared, channelName));
      return { inquiry_id: id, created_at: at.toISOString(), shared };
    },
  };
}
