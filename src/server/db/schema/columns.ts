import { customType, timestamp } from "drizzle-orm/pg-core";

/** createdAt/updatedAt every table carries (docs/architecture.md "Conventions"). */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Bytes as they are (PGlite's and node-postgres's bytea both come back as a Uint8Array). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });
