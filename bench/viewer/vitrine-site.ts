/**
 * A Vitrine of the production build for the viewer benches (`run.ts`, `lighthouse.ts`): the server
 * on a temp data directory, and an owner whose fixture models are uploaded, processed and shared.
 */
import { spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  contentDetailCall,
  createCallClient,
  createEnvelope,
  loginCall,
  registerCall,
  sendEmailCodeCall,
  shareLinkCreateCall,
  type TEnvelopeSettings,
  verifyEmailCodeCall,
} from "@vitrine/contract";
import { simpleParser } from "mailparser";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function waitForHealth(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url}`);
}

/** Starts the production server (`npm run build` first) on a temp data directory, on `port`. */
export async function startServer(dataDir: string, port: number) {
  const taken = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is taken: set BENCH_PORT`);
  const child = spawn(process.execPath, [join(root, "apps", "server", "dist", "main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "127.0.0.1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/api/health`);
  return { base, stop: () => child.kill("SIGTERM") };
}

/** The newest 6-digit code mailed to `email` (the server's outbox in DATA_DIR). */
async function mailedCode(dataDir: string, email: string): Promise<string> {
  const dir = join(dataDir, "outbox");
  for (let i = 0; i < 60; i++) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".eml")).sort();
    for (const name of names.reverse()) {
      const mail = await simpleParser(await readFile(join(dir, name)));
      const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
        a.value.map((v) => v.address),
      );
      const code = /\b(\d{6})\b/.exec(mail.text ?? "")?.[1];
      if (to.includes(email) && code) return code;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("no code mailed");
}

/** An owner with `models` (fixtures/models) uploaded, processed and shared by open links: name → link. */
export async function prepareContent(
  base: string,
  dataDir: string,
  models: readonly string[],
): Promise<Map<string, string>> {
  const config = (await (await fetch(`${base}/api/client-config`)).json()) as { envelope: TEnvelopeSettings };
  const send = createCallClient({ envelope: await createEnvelope(config.envelope), baseUrl: base });
  const email = `bench.viewer.${Date.now().toString(36)}@vitrine-bench.com`;
  const password = "bench1234";
  if (!(await send(sendEmailCodeCall, { email, lang: "en" })).status) throw new Error("code not sent");
  const code = await mailedCode(dataDir, email);
  if (!(await send(verifyEmailCodeCall, { email, code })).status) throw new Error("code refused");
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
    password,
    code,
    consents,
    lang: "en",
  });
  if (!registered.status) throw new Error("sign-up failed");
  const login = await send(loginCall, { email_id: email, password });
  if (!login.status) throw new Error("sign-in failed");
  const token = login.data.atk;
  const links = new Map<string, string>();
  for (const name of models) {
    const form = new FormData();
    form.append(
      "files",
      new Blob([await readFile(join(root, "fixtures", "models", name))], { type: "model/gltf-binary" }),
      name,
    );
    const res = await fetch(`${base}/api/upload/model`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { status: boolean; data: { content_id: string } };
    if (!body.status) throw new Error(`upload of ${name} refused`);
    const contentId = body.data.content_id;
    for (let i = 0; ; i++) {
      const detail = await send(contentDetailCall, { content_id: contentId }, token);
      if (detail.status && detail.data.doc.status === "ready") break;
      if (i > 600 || (detail.status && detail.data.doc.status === "failed"))
        throw new Error(`${name} not ready`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const link = await send(shareLinkCreateCall, { content_id: contentId }, token);
    if (!link.status) throw new Error("no link");
    links.set(name, link.data.doc.sharelink_url);
  }
  return links;
}
