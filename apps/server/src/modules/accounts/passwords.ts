/** Password hashes: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane). */
import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// `Algorithm.Argon2id` of @node-rs/argon2 is an ambient const enum, which isolated modules cannot read.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password (PHC string with its own salt and parameters). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when `password` matches `passwordHash`; false for a malformed hash too. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a hash nobody knows and answers false. Sign-in runs it when the
 * account does not exist, so a wrong ID costs the same time as a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A random password nobody is told (accounts created by the server; the owner resets it). */
export function randomPassword(): string {
  return `${randomBytes(12).toString("base64url")}a1`;
}
