import { timestamp } from "drizzle-orm/pg-core";

/** createdAt/updatedAt every table carries (STYLE.md "Tables"). */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
