import { z } from "zod";

/**
 * A member's role in an organization, from most to least trusted. The server decides what each may
 * change (docs/roles.md); every signed-in member may read the organization's rows.
 */
export const ORG_ROLES = ["owner", "admin", "scientist", "viewer"] as const;
export const OrgRole = z.enum(ORG_ROLES);
export type OrgRole = z.infer<typeof OrgRole>;

/** One row of the audit trail (GET /v1/audit). */
export const AuditEvent = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  user_id: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  status: z.number().int(),
  request_id: z.string(),
  summary: z.record(z.string(), z.unknown()),
  occurred_at: z.string(),
  prev_hash: z.string(),
  row_hash: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditQuery = z.object({
  /** Actions starting with this, e.g. `POST /v1/projects`. */
  action: z.string().max(200).optional(),
  user_id: z.coerce.number().int().positive().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Rows older than this id (the next page). */
  before_id: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  format: z.enum(["json", "csv"]).default("json"),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditList = z.object({ items: z.array(AuditEvent), next_before_id: z.number().int().nullable() });
export type AuditList = z.infer<typeof AuditList>;

/** GET /v1/audit/verify: the chain recomputed; `first_broken` is the id of the first row that fails. */
export const AuditVerification = z.object({
  ok: z.boolean(),
  rows: z.number().int(),
  first_broken: z.number().int().nullable(),
});
export type AuditVerification = z.infer<typeof AuditVerification>;
