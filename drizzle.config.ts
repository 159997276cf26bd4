import { defineConfig } from "drizzle-kit";

// Only `npm run db:generate` uses this: migrations are applied in-process at start
// (src/server/db/migrate.ts), never by drizzle-kit against a running data directory.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/index.ts",
  out: "./drizzle",
});
