/** Resolve hook for resolve-orm.mjs: drizzle-orm specifiers resolve as if imported from apps/server. */
const SERVER_PACKAGE_URL = new URL("../../../package.json", import.meta.url).href;

/** Node module-customization hook. */
export async function resolve(specifier, context, nextResolve) {
  if (specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/")) {
    return nextResolve(specifier, { ...context, parentURL: SERVER_PACKAGE_URL });
  }
  return nextResolve(specifier, context);
}
