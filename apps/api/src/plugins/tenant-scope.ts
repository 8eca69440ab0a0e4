/**
 * Who is asking and which organizations they belong to. Every store that reads or writes
 * organization-owned rows takes this scope, so tenancy is enforced where the queries are built.
 */
export interface TenantScope {
  userId: number;
  orgIds: number[];
}

/**
 * An authenticated caller's scope, with the organization their new rows (projects, uploads, ingested
 * documents, negatome contributions, jobs) belong to unless they name another: read once, when the
 * request is authenticated, instead of by each route.
 */
export interface CallerScope extends TenantScope {
  primaryOrgId: number;
}
