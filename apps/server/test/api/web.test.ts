/**
 * What a browser sees from the server: security headers, frame rules (only the embed pages may
 * be framed), long-lived caching of hashed assets, and the SPA shell for client-side routes.
 */
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testConfig } from "../support/config";
import { createWebDist, startServer, type TTestServer } from "./harness";

// Every server opens a database and runs its migrations: slow on a busy machine, never hung.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

describe("web app serving and security headers", () => {
  let server: TTestServer;
  let apiOnly: TTestServer;
  let web: ReturnType<typeof createWebDist>;

  beforeAll(async () => {
    web = createWebDist({ withEmbedShell: true, withHomeShells: true });
    server = await startServer(testConfig(), { webDistDir: web.dir });
    apiOnly = await startServer(testConfig(), { webDistDir: null });
  });
  afterAll(async () => {
    await server?.shutdown();
    await apiOnly?.shutdown();
    await rm(web.dir, { recursive: true, force: true });
  });

  it("sends a strict CSP, HSTS, nosniff and the referrer policy on every response", async () => {
    for (const path of ["/", "/api/health", web.assetPath, "/Studio/user/x"]) {
      const res = await server.get(path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toMatch(/connect-src 'self'[^;]* wss?:/);
      expect(csp).toContain("worker-src 'self' blob:");
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("refuses framing everywhere except the embed pages", async () => {
    for (const path of ["/", "/share/abc", "/api/client-config", "/embedded"]) {
      const res = await server.get(path);
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
    for (const path of ["/embed?id=share_123", "/embedReactTest"]) {
      const res = await server.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("x-frame-options"), path).toBeNull();
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors *");
    }
  });

  it("caches hashed assets for a year and revalidates everything else", async () => {
    const asset = await server.get(web.assetPath);
    expect(asset.status).toBe(200);
    expect(asset.text).toContain("vitrine");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    for (const path of ["/", "/index.html", "/favicon.svg"]) {
      const res = await server.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
    }
  });

  it("answers client-side routes with the app shell", async () => {
    for (const path of ["/Studio/user/x", "/share/abc", "/embed", "/ko/pricing?plan=standard"]) {
      const res = await server.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("answers the visitor pages (/embed, /share/<id>) with the light shell, and nothing else with it", async () => {
    const shellOf = async (path: string) => /<title>(.*?)<\/title>/.exec((await server.get(path)).text)?.[1];
    for (const path of ["/embed?id=share_123", "/share/abc", "/share/abc/"]) {
      expect(await shellOf(path), path).toBe("embed shell");
    }
    for (const path of ["/share", "/share/", "/share/abc/more", "/embedReactTest", "/Studio/user/x"]) {
      expect(await shellOf(path), path).toBeUndefined();
    }
  });

  it("answers / with the landing page prerendered in the visitor's language, unless signed in", async () => {
    const titleOf = async (headers: Record<string, string>, path = "/") => {
      const res = await fetch(`${server.baseUrl}${path}`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      return {
        title: /<title>(.*?)<\/title>/.exec(await res.text())?.[1],
        vary: res.headers.get("vary") ?? "",
      };
    };
    // The browser's languages, as the app's own detection reads them: the first it speaks wins.
    expect((await titleOf({ "accept-language": "ko-KR,ko;q=0.9,en-US;q=0.8" })).title).toBe("home ko");
    expect((await titleOf({ "accept-language": "en-US,en;q=0.9,ko;q=0.5" })).title).toBe("home en");
    expect((await titleOf({ "accept-language": "fr-FR,fr;q=0.9,ko;q=0.4" })).title).toBe("home ko");
    expect((await titleOf({ "accept-language": "fr-FR" })).title).toBe("home en");
    expect((await titleOf({})).title).toBe("home en");
    // The language the app last showed in this browser beats the header; a forged value does not.
    expect((await titleOf({ "accept-language": "en", cookie: "a=1; vt_lang=ko" })).title).toBe("home ko");
    expect((await titleOf({ "accept-language": "ko", cookie: "vt_lang=../../x" })).title).toBe("home ko");
    // Caches must keep one visitor's page from another.
    const { vary } = await titleOf({ "accept-language": "ko" });
    expect(vary).toMatch(/cookie/i);
    expect(vary).toMatch(/accept-language/i);
    // A signed-in browser gets the plain shell (the prerendered header is the signed-out one).
    expect(
      (await titleOf({ "accept-language": "ko", cookie: "vt_signed_in=1; vt_lang=ko" })).title,
    ).toBeUndefined();
    // Only / is prerendered.
    for (const path of ["/price", "/Studio/user/x", "/index.html"]) {
      expect((await titleOf({ "accept-language": "ko" }, path)).title, path).toBeUndefined();
    }
  });

  it("does not answer missing assets or API paths with the shell", async () => {
    const asset = await server.get("/assets/missing-0000.js");
    expect(asset.status).toBe(404);
    expect(asset.text).not.toContain("<html");
    const api = await server.get("/api/unknown");
    expect(api.status).toBe(404);
    expect(api.json).toMatchObject({ status: false });
  });

  it("serves the API only when there is no web build", async () => {
    expect((await apiOnly.get("/api/health")).status).toBe(200);
    const page = await apiOnly.get("/");
    expect(page.status).toBe(404);
    expect(page.json).toMatchObject({ status: false });
  });
});
