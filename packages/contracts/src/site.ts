import { z } from "zod";
import { OraclesStatus } from "./workflows";

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

/** A contact or newsletter form's answer. */
export const FormAccepted = z.object({ ok: z.literal(true) });
export type FormAccepted = z.infer<typeof FormAccepted>;

/** `GET /health`: 200 with `status: "ok"`, or 503 with `status: "error"` and the reason. */
export const Health = z.object({
  status: z.enum(["ok", "error"]),
  db: z.enum(["pglite", "postgres"]),
  version: z.string(),
  workers: z.object({ embedded: z.number().int(), remote: z.number().int() }).optional(),
  /** Which oracles (docking, MD…) this instance can run; a missing program names its Debian package. */
  oracles: OraclesStatus.optional(),
  error: z.string().optional(),
  code: z.string().optional(),
});
export type Health = z.infer<typeof Health>;

/** The reference datasets the admin console can load (`GET /v1/admin/reference-data`). */
export const ReferenceDatasetList = z.object({
  root: z.string(),
  items: z.array(z.object({ name: z.string(), description: z.string(), available: z.boolean() })),
});
export type ReferenceDatasetList = z.infer<typeof ReferenceDatasetList>;

export const ReferenceDataLoadBody = z.object({ datasets: z.array(z.string().max(100)).min(1).max(20) });
export type ReferenceDataLoadBody = z.infer<typeof ReferenceDataLoadBody>;

export const ReferenceDataLoadResults = z.object({
  items: z.array(
    z.object({
      dataset: z.string(),
      inserted: z.number().int(),
      skipped: z.number().int(),
      rejected: z.array(z.object({ line: z.number().nullable(), reason: z.string() })),
    }),
  ),
});
export type ReferenceDataLoadResults = z.infer<typeof ReferenceDataLoadResults>;

/** `GET /v1/dashboard/counts`: analyses are every run plus the engine jobs that belong to no run. */
export const DashboardCounts = z.object({ projects: z.number().int(), analyses: z.number().int() });
export type DashboardCounts = z.infer<typeof DashboardCounts>;
