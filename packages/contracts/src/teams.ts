import { z } from "zod";

/**
 * A member's role in an organization, from most to least trusted. The server decides what each may
 * change (docs/roles.md); every signed-in member may read the organization's rows.
 */
export const ORG_ROLES = ["owner", "admin", "scientist", "viewer"] as const;
export const OrgRole = z.enum(ORG_ROLES);
export type OrgRole = z.infer<typeof OrgRole>;
