/**
 * Security headers on every response: a strict CSP (our own scripts only, no inline script),
 * HSTS, nosniff, a referrer policy, and frame rules. Only the embed pages may be framed by
 * other sites; everything else refuses to be framed at all.
 */
import type { FastifyInstance } from "fastify";

/** Paths other sites may frame (SPEC §2 `/embed`, `/embedReactTest`; DESIGN "Embeds"). */
export const FRAMEABLE_PATHS: ReadonlySet<string> = new Set(["/embed", "/embedReactTest", "/embed.html"]);

/** Options of the security headers. */
export interface TSecurityOptions {
  /** Extra origins the page may fetch from (e.g. a CDN in front of S3 blobs). */
  extraConnectSources?: readonly string[];
  /**
   * A payment provider's browser SDK (Toss): its script's origin may load, and its card window
   * (frames and calls on `frameOrigins`) may open.
   */
  paymentSdk?: { scriptOrigin: string; frameOrigins: readonly string[] };
}

/** The Content-Security-Policy for a page that may (embed) or may not be framed. */
export function contentSecurityPolicy(isFrameable: boolean, options: TSecurityOptions = {}): string {
  const extra = options.extraConnectSources ?? [];
  const sdk = options.paymentSdk;
  const sdkScript = sdk ? [sdk.scriptOrigin] : [];
  const sdkFrames = sdk ? [...sdk.frameOrigins] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // WebAssembly (meshopt and Draco decoders) needs wasm-unsafe-eval; it does not allow JS eval.
    "script-src": ["'self'", "'wasm-unsafe-eval'", ...sdkScript],
    // Mantine writes its CSS variables and component styles at run time.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...extra],
    "font-src": ["'self'", "data:"],
    "media-src": ["'self'", "blob:", "data:", ...extra],
    // Browsers before CSP 3 do not count same-host ws(s) as 'self'; socket.io needs it. blob:
    // lets three.js's GLTFLoader fetch the textures embedded in a GLB (it reads them as blob URLs).
    "connect-src": ["'self'", "blob:", "ws:", "wss:", ...extra, ...sdkScript, ...sdkFrames],
    ...(sdk ? { "frame-src": ["'self'", ...sdkFrames] } : {}),
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": isFrameable ? ["*"] : ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** Path of a URL without its query string. */
function pathOf(url: string): string {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

/** Adds the security headers to every response of `app`. */
export function registerSecurityHeaders(app: FastifyInstance, options: TSecurityOptions = {}): void {
  const framed = contentSecurityPolicy(true, options);
  const unframed = contentSecurityPolicy(false, options);
  app.addHook("onRequest", async (request, reply) => {
    const isFrameable = FRAMEABLE_PATHS.has(pathOf(request.url));
    reply.header("content-security-policy", isFrameable ? framed : unframed);
    if (!isFrameable) reply.header("x-frame-options", "DENY");
    reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-permitted-cross-domain-policies", "none");
  });
}
