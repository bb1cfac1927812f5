/**
 * What the billing API tests share: an owner signed in over the envelope, a call made as them,
 * and a payment stored as checkout would have stored it (for states a crash leaves behind).
 */
import {
  loginCall,
  newId,
  type TCall,
  type TCallInput,
  type TCallOutput,
  type TResponseEnvelope,
} from "@vitrine/contract";
import { payments } from "../../src/db/schema/payments";
import type { TTestServer } from "../api/harness";
import { createUser, uniqueIp } from "./factories";

/** Makes `c` as the owner of `token`, from a fresh IP. */
export async function callAs<C extends TCall>(
  server: TTestServer,
  c: C,
  payload: TCallInput<C>,
  token: string,
): Promise<TResponseEnvelope<TCallOutput<C>>> {
  const res = await server.post(c.path, await server.envelope.wrap(payload), {
    authorization: `Bearer ${token}`,
    "x-forwarded-for": uniqueIp(),
  });
  return res.json as TResponseEnvelope<TCallOutput<C>>;
}

/** A new owner, signed in. */
export async function signedInOwner(server: TTestServer) {
  const user = await createUser(server.built.platform.database.db);
  const res = await server.post(
    loginCall.path,
    await server.envelope.wrap({ email_id: user.emailId, password: user.password }),
    { "x-forwarded-for": uniqueIp() },
  );
  return { ...user, token: (res.json as TResponseEnvelope<{ atk: string }>).data.atk };
}

/** Stores a pending `new` payment of a month of `plan` for `userId`; answers its id. */
export async function storePendingPayment(
  server: TTestServer,
  userId: string,
  fields: { plan: string; currency: string; amount: number; provider: string; createdAt?: Date },
): Promise<string> {
  const id = newId("payment");
  await server.built.platform.database.db.insert(payments).values({
    id,
    userId,
    kind: "new",
    period: "month",
    status: "pending",
    reference: `VT-${id.slice(-10).toUpperCase()}`,
    ...fields,
  });
  return id;
}
