import { timestamp } from "drizzle-orm/pg-core";

/** createdAt/updatedAt every table carries (docs/architecture.md "Conventions"). */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
