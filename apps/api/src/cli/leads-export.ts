// `npm run leads:export`: the operator's CSV of contact-form leads, on stdout.
import { asc } from "drizzle-orm";
import { openDatabase, schema, DataDirLockedError } from "@sieve/db";
import { loadConfig } from "../config";

const COLUMNS = ["created_at", "name", "email", "company", "service", "message", "source_ip"] as const;

function csvCell(value: unknown): string {
  const text = value instanceof Date ? value.toISOString() : String(value ?? "");
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

async function main(): Promise<void> {
  const database = await openDatabase(loadConfig().database);
  try {
    const { contactLeads: leads } = schema;
    const rows = await database.db.select().from(leads).orderBy(asc(leads.createdAt));
    process.stdout.write(COLUMNS.join(",") + "\n");
    for (const row of rows) {
      const record = {
        created_at: row.createdAt,
        name: row.name,
        email: row.email,
        company: row.company,
        service: row.service,
        message: row.message,
        source_ip: row.sourceIp,
      };
      process.stdout.write(COLUMNS.map((c) => csvCell(record[c])).join(",") + "\n");
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
