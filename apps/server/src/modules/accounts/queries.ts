/** Reads of the accounts tables shared by several accounts services. */
import { eq, or, sql } from "drizzle-orm";
import { users } from "../../db/schema/accounts";
import type { TDrizzle } from "../../platform/types";

/** A user row. */
export type TUserRow = typeof users.$inferSelect;

/** The user with this e-mail ID (already normalized), if any. */
export async function findUserByEmailId(db: TDrizzle, emailId: string): Promise<TUserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.emailId}) = ${emailId}`).limit(1);
  return row;
}

/** The user with this id, if any. */
export async function findUserById(db: TDrizzle, userId: string): Promise<TUserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Users whose e-mail ID or e-mail address is `address` (normalized). */
export function findUsersByAddress(db: TDrizzle, address: string): Promise<TUserRow[]> {
  return db
    .select()
    .from(users)
    .where(or(sql`lower(${users.emailId}) = ${address}`, sql`lower(${users.email}) = ${address}`))
    .limit(10);
}

/** True when some account uses `address` as its e-mail ID or e-mail address. */
export async function isAddressRegistered(db: TDrizzle, address: string): Promise<boolean> {
  return (await findUsersByAddress(db, address)).length > 0;
}

/** True when a database error is a unique violation (PostgreSQL 23505), whichever driver threw it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === "object" && e !== null); ) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
    if (e === undefined) break;
  }
  return false;
}
