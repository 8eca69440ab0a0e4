import { pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const contactLeads = pgTable("contact_leads", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  company: text("company").notNull(),
  service: text("service").notNull(),
  message: text("message").notNull(),
  sourceIp: text("source_ip"),
  createdAt: createdAt(),
});

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});
