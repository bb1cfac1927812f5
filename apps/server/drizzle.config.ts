/** drizzle-kit: `npm run db:generate -w apps/server` writes a SQL migration for schema changes. */
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./drizzle",
});
