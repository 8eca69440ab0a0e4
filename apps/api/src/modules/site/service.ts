import type { ContactBody, NewsletterBody } from "@sieve/contracts";
import type { Database } from "@sieve/db";
import { siteStore } from "./store";

/** The marketing site's forms: a contact lead is kept with the address it came from; subscribing twice is one subscription. */
export function siteService(db: Database) {
  const store = siteStore(db);
  return {
    contact: (body: ContactBody, sourceIp: string) => store.addContactLead({ ...body, sourceIp }),
    /** True when this request subscribed the address, false when it already was. */
    subscribe: (body: NewsletterBody) => store.subscribe(body.email),
  };
}
