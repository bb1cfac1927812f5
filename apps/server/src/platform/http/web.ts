/**
 * Serves the built web app: hashed files under `/assets/` cached for a year, everything else
 * revalidated, and index.html for every non-API GET that is not a file (client-side routes).
 * An optional page-meta hook adds link-preview tags (Open Graph, Twitter, oEmbed discovery) to
 * the shell of the pages it knows, e.g. `/share/:id` and `/embed?id=` (modules/sharing).
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import { LANGUAGES, SHELL_COOKIES } from "@vitrine/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import Negotiator from "negotiator";
import { escapeHtml } from "./html";

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

/** Link-preview facts of a page; every URL absolute. */
export interface TPageMeta {
  title: string;
  description: string;
  /** Preview image; null when there is none. */
  image: string | null;
  /** The page's canonical URL. */
  url: string;
  /** The page's oEmbed endpoint; null when there is none. */
  oembedUrl: string | null;
}

/** Answers the preview facts of a shell page (path without query, and the query), or null for none. */
export type TPageMetaResolver = (path: string, query: URLSearchParams) => Promise<TPageMeta | null>;

/** Options of `registerWebApp`. */
export interface TWebAppOptions {
  pageMeta?: TPageMetaResolver;
}

/** The `<meta>`/`<link>` tags of a page's preview facts, every value escaped. */
export function pageMetaTags(meta: TPageMeta): string {
  const tags: string[] = [];
  const property = (name: string, value: string) =>
    tags.push(`<meta property="${name}" content="${escapeHtml(value)}">`);
  const named = (name: string, value: string) =>
    tags.push(`<meta name="${name}" content="${escapeHtml(value)}">`);
  property("og:type", "website");
  property("og:site_name", "Vitrine");
  property("og:title", meta.title);
  property("og:description", meta.description);
  property("og:url", meta.url);
  if (meta.image) property("og:image", meta.image);
  named("twitter:card", meta.image ? "summary_large_image" : "summary");
  named("twitter:title", meta.title);
  named("twitter:description", meta.description);
  if (meta.image) named("twitter:image", meta.image);
  named("description", meta.description);
  if (meta.oembedUrl) {
    tags.push(
      `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(meta.oembedUrl)}" title="${escapeHtml(meta.title)}">`,
    );
  }
  return tags.join("");
}

/**
 * `image` as a path when it is on the page's own site (so it resolves to the address the page
 * itself will use, whatever host the visitor came through), else null.
 */
function sameSitePath(image: string | null, pageUrl: string): string | null {
  if (!image) return null;
  try {
    const url = new URL(image);
    return url.origin === new URL(pageUrl).origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/**
 * The shell with the preview tags before `</head>`; its `<title>` and description meta are
 * replaced by the page's.
 */
export function injectPageMeta(
  html: string,
  meta: TPageMeta,
  options: { preloadImage?: boolean } = {},
): string {
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  let out = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : html.replace(/<\/head>/i, () => `${title}</head>`);
  // The page's own description gives way to the page's preview description.
  out = out.replace(/<meta\s+name="description"[^>]*>\s*/i, "");
  let tags = pageMetaTags(meta);
  const preload = options.preloadImage ? sameSitePath(meta.image, meta.url) : null;
  if (preload) {
    // The page shows this image first (the poster): fetch it beside the scripts, not after them.
    tags = `<link rel="preload" as="image" href="${escapeHtml(preload)}" fetchpriority="high">${tags}`;
  }
  out = /<\/head>/i.test(out) ? out.replace(/<\/head>/i, () => `${tags}</head>`) : `${tags}${out}`;
  return out;
}

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

/**
 * The HTML shell for a path: `embed.html` for `/embed` and for `/share/<id>` when the build has
 * one (the visitor's pages load no React; the embed's entry lays out a share page itself, issue
 * 17). `/embedReactTest` is the same embed inside the React app, so it gets the app shell.
 */
export function shellFor(path: string, hasEmbedShell: boolean): string {
  if (hasEmbedShell && (path === "/embed" || /^\/share\/[^/]+\/?$/.test(path))) return "embed.html";
  return "index.html";
}

/**
 * The prerendered landing page for `/` (issue 17), or null for the plain shell: the language
 * the app last showed in this browser (its cookie), else the first of the browser's languages
 * the app speaks (as the app's own detection picks it), else English. A signed-in browser gets
 * the plain shell: the prerendered header is the signed-out one.
 */
export function homeShellFor(request: FastifyRequest): string | null {
  // The app registers @fastify/cookie before the web app.
  const cookies = request.cookies ?? {};
  if (cookies[SHELL_COOKIES.signedIn]) return null;
  const chosen = cookies[SHELL_COOKIES.language];
  const language =
    LANGUAGES.find((lang) => lang === chosen) ??
    // English first: a header of `*` (or equal weights) gets the app's fallback language.
    new Negotiator(request).languages(["en", "ko"])[0] ??
    "en";
  return `home.${language}.html`;
}

/**
 * Registers static serving of `distDir`. Returns the SPA fallback for the not-found handler,
 * or null (with a warning) when there is no build: the server then answers the API only.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: TWebAppOptions = {},
): Promise<TSpaFallback | null> {
  if (!existsSync(join(distDir, "index.html"))) {
    app.log.warn({ distDir }, "web build not found: serving the API only (run npm run build)");
    return null;
  }
  const hasEmbedShell = existsSync(join(distDir, "embed.html"));
  const hasHomeShells = LANGUAGES.every((lang) => existsSync(join(distDir, `home.${lang}.html`)));
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: "/",
    // `/` has its own route below (the prerendered landing page), not the directory's index.html.
    index: false,
    cacheControl: false,
    dotfiles: "ignore",
    preCompressed: true,
    setHeaders(reply, path) {
      const rel = relative(distDir, path).split(sep).join("/");
      reply.header("cache-control", rel.startsWith("assets/") ? IMMUTABLE : REVALIDATE);
    },
  });
  /** The hook's answer; a failing hook is logged and the plain shell served. */
  async function pageMetaFor(
    request: FastifyRequest,
    path: string,
    search: string,
  ): Promise<TPageMeta | null> {
    if (!options.pageMeta) return null;
    try {
      return await options.pageMeta(path, new URLSearchParams(search));
    } catch (error) {
      request.log.error({ err: error, path }, "page meta failed");
      return null;
    }
  }

  const fallback: TSpaFallback = async (request, reply) => {
    if (!isSpaRequest(request)) return false;
    const [path = "/", search = ""] = request.url.split("?", 2);
    const shell = shellFor(path, hasEmbedShell);
    const meta = await pageMetaFor(request, path, search);
    if (meta) {
      // The visitor pages show the preview image as their poster first.
      const html = injectPageMeta(await readFile(join(distDir, shell), "utf8"), meta, {
        preloadImage: shell === "embed.html",
      });
      await reply.header("cache-control", REVALIDATE).type("text/html; charset=utf-8").send(html);
      return true;
    }
    const home = hasHomeShells && path === "/" ? homeShellFor(request) : null;
    if (home) {
      // The answer depends on these two: caches must not give one visitor's page to another.
      reply.header("vary", "cookie, accept-language");
    }
    await reply.header("cache-control", REVALIDATE).sendFile(home ?? shell, { cacheControl: false });
    return true;
  };
  // Its own route: the static handler would answer the directory itself (403 with pre-compressed files).
  app.get("/", async (request, reply) => {
    await fallback(request, reply);
    return reply;
  });
  return fallback;
}
