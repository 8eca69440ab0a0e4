import { schema, type Database } from "@sieve/db";
import type { ContactBody } from "@sieve/contracts";

/** Leads of the public marketing site: not organization-owned, read only by `npm run leads:export`. */
export function siteStore(db: Database) {
  return {
    async addContactLead(lead: ContactBody & { sourceIp: string }): Promise<void> {
      await db.insert(schema.contactLeads).values(lead);
    },

    /** False when the address had already subscribed. */
    async subscribe(email: string): Promise<boolean> {
      const inserted = await db
        .insert(schema.newsletterSubscribers)
        .values({ email })
        .onConflictDoNothing()
        .returning();
      return inserted.length > 0;
    },
  };
}
