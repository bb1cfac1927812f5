/**
 * Serves the built web app: hashed files under `/assets/` cached for a year, everything else
 * revalidated, and index.html for every non-API GET that is not a file (client-side routes).
 */
import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * The web build `apps/web/dist`, seen from the bundle (`apps/server/dist/main.js`) or from this
 * source file; the first that exists wins.
 */
export function defaultWebDistDir(): string {
  const candidates = ["../../web/dist", "../../../../web/dist"].map((rel) =>
    fileURLToPath(new URL(rel, import.meta.url)),
  );
  return candidates.find((dir) => existsSync(join(dir, "index.html"))) ?? (candidates[0] as string);
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/** Serves the SPA shell for a path, or returns false when the request is not one for the SPA. */
export type TSpaFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/** True for a request the web app answers (GET/HEAD outside `/api/` and `/assets/`). */
function isSpaRequest(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const path = request.url.split("?")[0] ?? "";
  return (
    !path.startsWith("/api/") &&
    path !== "/api" &&
    !path.startsWith("/assets/") &&
    !path.startsWith("/socket.io/")
  );
}

/** The HTML shell for a path: `embed.html` for the embed pages when the build has one. */
function shellFor(path: string, hasEmbedShell: boolean): string {
  if (hasEmbedShell && (path === "/embed" || path === "/embedReactTest")) return "embed.html";
  return "index.html";
}

/**
 * Registers static serving of `distDir`. Returns the SPA fallback for the not-found handler,
 * or null (with a warning) when there is no build: the server then answers the API only.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<TSpaFallback | null> {
  if (!existsSync(join(distDir, "index.html"))) {
    app.log.warn({ distDir }, "web build not found: serving the API only (run npm run build)");
    return null;
  }
  const hasEmbedShell = existsSync(join(distDir, "embed.html"));
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: "/",
    cacheControl: false,
    dotfiles: "ignore",
    preCompressed: true,
    setHeaders(reply, path) {
      const rel = relative(distDir, path).split(sep).join("/");
      reply.header("cache-control", rel.startsWith("assets/") ? IMMUTABLE : REVALIDATE);
    },
  });
  return async (request, reply) => {
    if (!isSpaRequest(request)) return false;
    const path = request.url.split("?")[0] ?? "/";
    await reply
      .header("cache-control", REVALIDATE)
      .sendFile(shellFor(path, hasEmbedShell), { cacheControl: false });
    return true;
  };
}
