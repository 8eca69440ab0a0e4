import { customType, timestamp } from "drizzle-orm/pg-core";

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

export const createdAt = () => timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow();
