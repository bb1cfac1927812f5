/**
 * What the owner journeys share: an owner registered and signed in through the API (the sign-up
 * pages have their own journey), and a lock that lets one software-WebGL journey draw at a time.
 */
import { randomInt } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import {
  contentDetailCall,
  createCallClient,
  createEnvelope,
  loginCall,
  registerCall,
  resetPasswordCall,
  sendEmailCodeCall,
  type TEnvelopeSettings,
  verifyEmailCodeCall,
} from "@vitrine/contract";
import { codeIn, newestMailTo, resetPathIn, uniqueEmail } from "./accounts-support";
import { expect, type TLang } from "./fixtures";

/** The super account playwright.config.ts names in SUPER_ADMIN_EMAIL (made at start, link mailed). */
export const SUPER_EMAIL = "e2e-super@example.com";
export const SUPER_PASSWORD = "super1234";

/** The password every journey's owner gets. */
export const OWNER_PASSWORD = "owner1234";

/** A call client of the e2e server. */
export type TSend = ReturnType<typeof createCallClient>;

/** An owner made through the API: its e-mail ID, a client speaking from its own IP, and a token. */
export interface TApiOwner {
  email: string;
  send: TSend;
  token: string;
}

/**
 * Registers an owner (verification code read from the outbox) and signs it in. The client sends
 * its own `X-Forwarded-For`, so the per-IP limits count each journey apart.
 */
export async function registerOwner(
  request: APIRequestContext,
  baseURL: string,
  lang: TLang,
  tag: string,
): Promise<TApiOwner> {
  const config = (await (await request.get("/api/client-config")).json()) as { envelope: TEnvelopeSettings };
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const send: TSend = createCallClient({
    envelope: await createEnvelope(config.envelope),
    baseUrl: baseURL,
    fetch: (url, init) =>
      fetch(url, { ...init, headers: { ...(init?.headers ?? {}), "x-forwarded-for": ip } }),
  });
  const email = uniqueEmail(`${tag}-${lang}`);
  expect((await send(sendEmailCodeCall, { email, lang })).status).toBe(true);
  const code = codeIn(await newestMailTo(email));
  expect((await send(verifyEmailCodeCall, { email, code })).status).toBe(true);
  const consents = {
    terms: true,
    privacy: true,
    thirdParty: false,
    location: false,
    marketing: false,
    notifications: false,
  };
  const registered = await send(registerCall, {
    email_id: email,
    email,
    password: OWNER_PASSWORD,
    code,
    consents,
    lang,
  });
  expect(registered.status).toBe(true);
  const login = await send(loginCall, { email_id: email, password: OWNER_PASSWORD });
  if (!login.status) throw new Error("sign-in failed");
  return { email, send, token: login.data.atk };
}

/**
 * Runs `work` while holding the lock named `name`, shared by both language workers: software
 * WebGL is so slow that two viewers drawing at once on a small machine starve each other. A lock
 * left by a crashed worker is taken over after 20 minutes.
 */
export async function oneAtATime<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = join(process.env.VITRINE_E2E_DATA_DIR ?? "/tmp", `${name}.lock`);
  for (;;) {
    try {
      mkdirSync(dir);
      break;
    } catch {
      try {
        if (Date.now() - statSync(dir).mtimeMs > 20 * 60_000) rmSync(dir, { recursive: true, force: true });
      } catch {
        // It was released in between.
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Uploads a model file with the owner's token and waits until processing made it ready; answers its id. */
export async function uploadReadyModel(
  send: TSend,
  baseURL: string,
  token: string,
  file: string,
): Promise<string> {
  const form = new FormData();
  form.append("files", new Blob([readFileSync(file)], { type: "model/gltf-binary" }), basename(file));
  const res = await fetch(`${baseURL}/api/upload/model`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { status: boolean; data: { content_id: string } };
  expect(body.status).toBe(true);
  const contentId = body.data.content_id;
  await expect
    .poll(
      async () => {
        const detail = await send(contentDetailCall, { content_id: contentId }, token);
        return detail.status ? detail.data.doc.status : "missing";
      },
      { timeout: 240_000 },
    )
    .toBe("ready");
  return contentId;
}

/**
 * Signs the configured super account in. The first caller sets its password through the link
 * mailed at the server's start; later callers (the other language) find it set.
 */
export async function superToken(send: TSend): Promise<string> {
  return oneAtATime("super-e2e", async () => {
    const marker = join(process.env.VITRINE_E2E_DATA_DIR ?? "/tmp", "e2e-super-password-set");
    if (!existsSync(marker)) {
      const token =
        resetPathIn(await newestMailTo(SUPER_EMAIL))
          .split("/")
          .pop() ?? "";
      expect((await send(resetPasswordCall, { token, password: SUPER_PASSWORD })).status).toBe(true);
      writeFileSync(marker, "set");
    }
    const login = await send(loginCall, { email_id: SUPER_EMAIL, password: SUPER_PASSWORD });
    if (!login.status) throw new Error("super sign-in failed");
    return login.data.atk;
  });
}
