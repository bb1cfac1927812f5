/**
 * Provider webhooks (DESIGN "The business half", billing): `POST /api/payment/webhook/:provider`
 * takes the raw body, checks its signature, stores the event in `payment_webhook_inbox` (unique
 * per provider and event id) and applies it in the same transaction — a replayed event is stored
 * once and applied once. A bad signature answers 400 and stores nothing.
 */
import { newId } from "@vitrine/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { paymentWebhookInbox } from "../../db/schema/billing";
import { failure, sendFailure } from "../../platform/http/envelope-reply";
import type { TDrizzle } from "../../platform/types";
import type { TPaymentsService } from "./service";
import { verifyStripeSignature } from "./stripe";

/** What the webhook route needs. */
export interface TWebhookDeps {
  db: TDrizzle;
  payments: Pick<TPaymentsService, "applyPaid">;
  afterPaid(userId: string, paymentId: string): Promise<void>;
  stripeSecret: string | null;
  now: () => Date;
}

interface TStripeEvent {
  id?: unknown;
  type?: unknown;
  data?: { object?: { id?: unknown; metadata?: { payment_id?: unknown } } };
}

/** Registers the webhook route (raw JSON body, its own parser). */
export async function registerWebhooks(app: FastifyInstance, deps: TWebhookDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string", bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post("/api/payment/webhook/stripe", async (request, reply) => {
      const raw = typeof request.body === "string" ? request.body : "";
      const header = request.headers["stripe-signature"];
      if (
        !deps.stripeSecret ||
        !verifyStripeSignature(
          raw,
          typeof header === "string" ? header : undefined,
          deps.stripeSecret,
          deps.now().getTime(),
        )
      ) {
        return sendFailure(reply, failure("webhookSignature"));
      }
      let event: TStripeEvent;
      try {
        event = JSON.parse(raw) as TStripeEvent;
      } catch {
        return sendFailure(reply, failure("badRequest"));
      }
      const eventId = typeof event.id === "string" ? event.id : "";
      const type = typeof event.type === "string" ? event.type : "";
      if (!eventId) return sendFailure(reply, failure("badRequest"));
      const paid = await deps.db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(paymentWebhookInbox)
          .values({
            id: newId("payment").replace("payment_", "webhook_"),
            provider: "stripe",
            eventId,
            eventType: type,
            payload: event,
          })
          .onConflictDoNothing()
          .returning({ id: paymentWebhookInbox.id });
        if (!stored) return null;
        let applied: { userId: string; paymentId: string } | null = null;
        const object = event.data?.object;
        const paymentId = typeof object?.metadata?.payment_id === "string" ? object.metadata.payment_id : "";
        if (type === "checkout.session.completed" && paymentId) {
          const done = await deps.payments.applyPaid(
            tx,
            paymentId,
            typeof object?.id === "string" ? object.id : null,
          );
          if (done) applied = { userId: done.userId, paymentId };
        }
        await tx
          .update(paymentWebhookInbox)
          .set({ appliedAt: deps.now() })
          .where(eq(paymentWebhookInbox.id, stored.id));
        return applied;
      });
      if (paid) await deps.afterPaid(paid.userId, paid.paymentId);
      return reply.send({ received: true });
    });
  });
}
