import { z } from "zod";
import { Email, NewPassword } from "./auth";
import { REVIEW_ITEM_KINDS } from "./reports";

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

export const INVITATION_DEFAULT_DAYS = 7;

export const InvitationCreateBody = z.object({
  email: Email,
  role: OrgRole.default("scientist"),
  /** How long the link works (1–30 days, 7 by default). */
  expires_in_days: z.number().int().min(1).max(30).default(INVITATION_DEFAULT_DAYS),
});
export type InvitationCreateBody = z.infer<typeof InvitationCreateBody>;

/** POST /v1/orgs/{org_id}/invitations: the link to copy. The token is shown this once and stored hashed. */
export const InvitationCreated = z.object({
  id: z.string(),
  email: z.string(),
  role: OrgRole,
  token: z.string(),
  url: z.string(),
  expires_at: z.string(),
  /** Whether it was also sent by email (SMTP_URL set and the server accepted it). */
  emailed: z.boolean(),
});
export type InvitationCreated = z.infer<typeof InvitationCreated>;

export const InvitationStatus = z.enum(["pending", "accepted", "revoked", "expired"]);
export const Invitation = z.object({
  id: z.string(),
  email: z.string(),
  role: OrgRole,
  status: InvitationStatus,
  invited_by: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;
export const InvitationList = z.object({ invitations: z.array(Invitation) });

/**
 * GET /v1/invitations/{token}: what the link offers, for the page that accepts it (the token is the
 * credential, as for accepting). Only a pending invitation answers; a used, revoked or expired one is 410.
 */
export const InvitationPreview = z.object({
  email: z.string(),
  role: OrgRole,
  organization: z.string(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** Accepting as a new user names the account; an existing user sends a bearer token and no body. */
export const InvitationAcceptBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    password: NewPassword,
  })
  .partial();
export type InvitationAcceptBody = z.infer<typeof InvitationAcceptBody>;

export const InvitationAccepted = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  refresh_expires_in: z.number().int(),
  org_id: z.number().int(),
  role: OrgRole,
});
export type InvitationAccepted = z.infer<typeof InvitationAccepted>;

export const Member = z.object({
  user_id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: OrgRole,
  joined_at: z.string(),
});
export type Member = z.infer<typeof Member>;
export const MemberList = z.object({ members: z.array(Member) });
export const MemberUpdateBody = z.object({ role: OrgRole });

/** What an electronic signature means (21 CFR Part 11 §11.50(a)(3)), shown with it wherever it appears. */
export const SIGNATURE_MEANINGS = {
  reviewed: "I have reviewed this dossier: its inputs, methods and outputs.",
  approved: "I approve the results in this dossier.",
} as const;
export const SignatureMeaning = z.enum(["reviewed", "approved"]);
export type SignatureMeaning = z.infer<typeof SignatureMeaning>;

/** Signing re-enters the signer's password (§11.200(a)(1)), even within a signed-in session. */
export const SignatureBody = z.object({
  meaning: SignatureMeaning,
  password: z.string().min(1, { error: "password is required to sign" }).max(256),
});

export const Signature = z.object({
  id: z.number().int(),
  run_id: z.string(),
  signer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  meaning: SignatureMeaning,
  meaning_statement: z.string(),
  signed_at: z.string(),
  /** The SHA-256 of the dossier content signed (run, inputs and outputs with their hashes). */
  content_sha256: z.string(),
  /** False once the content changed after signing: the signature no longer applies. */
  valid: z.boolean(),
  void_reason: z.string().nullable(),
});
export type Signature = z.infer<typeof Signature>;

export const SignatureList = z.object({ content_sha256: z.string(), signatures: z.array(Signature) });
export type SignatureList = z.infer<typeof SignatureList>;

/** POST /v1/reviews/assignments: put an item in a member's "My reviews" queue. */
export const ReviewAssignmentBody = z.object({
  kind: z.enum(REVIEW_ITEM_KINDS),
  item_id: z.string().trim().min(1).max(500),
  run_id: z.string().max(100).nullish(),
  assignee_id: z.number().int().positive(),
  note: z.string().trim().max(2_000).nullish(),
});
export type ReviewAssignmentBody = z.infer<typeof ReviewAssignmentBody>;

export const ReviewAssignment = z.object({
  id: z.number().int(),
  kind: z.string(),
  item_id: z.string(),
  run_id: z.string().nullable(),
  assignee: z.object({ id: z.number().int(), name: z.string() }),
  assigned_by: z.object({ id: z.number().int(), name: z.string() }),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type ReviewAssignment = z.infer<typeof ReviewAssignment>;

/** GET /v1/reviews/queue: the caller's open assignments, oldest first. */
export const ReviewQueue = z.object({ count: z.number().int(), items: z.array(ReviewAssignment) });
export type ReviewQueue = z.infer<typeof ReviewQueue>;
