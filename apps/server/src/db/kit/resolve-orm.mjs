/**
 * npm installs drizzle-orm under apps/server/node_modules while drizzle-kit is hoisted to the root,
 * so drizzle-kit's own `import("drizzle-orm/…")` cannot find it. Loaded with `--import` by the
 * `db:generate` script, this hook resolves those imports from apps/server; NODE_PATH covers `require`.
 */
import { register } from "node:module";

register("./resolve-orm-hooks.mjs", import.meta.url);
