import { z } from "zod";

/** Contact-form services with the labels the landing page shows (§3). */
export const CONTACT_SERVICES = [
  { value: "vhts", label: "Virtual High-Throughput Screening" },
  { value: "lead-opt", label: "Lead Optimization" },
  { value: "custom", label: "Custom Solutions" },
  { value: "not-sure", label: "Not Sure Yet" },
] as const;

const serviceValues = CONTACT_SERVICES.map((s) => s.value) as [string, ...string[]];

export const ContactBody = z.object({
  name: z.string().trim().min(1, { error: "name is required" }).max(200),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "email must be a valid email address" })),
  company: z.string().trim().min(1, { error: "company is required" }).max(200),
  service: z.enum(serviceValues).default("vhts"),
  message: z.string().trim().min(1, { error: "message is required" }).max(5000),
});
export type ContactBody = z.infer<typeof ContactBody>;

export const NewsletterBody = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "email must be a valid email address" })),
});
export type NewsletterBody = z.infer<typeof NewsletterBody>;

export const Health = z.object({
  status: z.enum(["ok", "error"]),
  db: z.enum(["pglite", "postgres"]),
  version: z.string(),
});
export type Health = z.infer<typeof Health>;
