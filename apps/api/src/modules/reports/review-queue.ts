import { aliasedTable, and, asc, eq, gte, inArray, notExists } from "drizzle-orm";
import { schema, type Database } from "@sieve/db";
import type { ReviewAssignment, ReviewAssignmentBody, ReviewQueue } from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";
import { validationFailed } from "../../http/errors";
import { reviewItemOwner } from "./service";

const { reviewAssignments, reviews, memberships, users } = schema;
const assignees = aliasedTable(users, "assignees");
const assigners = aliasedTable(users, "assigners");
const displayName = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

/** Review assignments ("My reviews"), scoped to the caller's organizations. */
export function reviewQueue(db: Database, scope: TenantScope) {
  const select = () =>
    db
      .select({ assignment: reviewAssignments, assignee: assignees, assigner: assigners })
      .from(reviewAssignments)
      .innerJoin(assignees, eq(assignees.id, reviewAssignments.assigneeId))
      .innerJoin(assigners, eq(assigners.id, reviewAssignments.assignedBy));

  return {
    /** Puts the item in a member's queue; the assignee must belong to the item's organization. */
    async assign(body: ReviewAssignmentBody): Promise<ReviewAssignment> {
      const { orgId, runId } = await reviewItemOwner(db, scope, body);
      const [member] = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, body.assignee_id)));
      if (!member)
        throw validationFailed([{ path: "assignee_id", message: "the reviewer must be a member of the organization" }]);
      const [row] = await db
        .insert(reviewAssignments)
        .values({
          orgId,
          itemKind: body.kind,
          itemId: body.item_id,
          runId,
          assigneeId: body.assignee_id,
          assignedBy: scope.userId,
          note: body.note ?? null,
        })
        .returning({ id: reviewAssignments.id });
      const [created] = await select().where(eq(reviewAssignments.id, row!.id));
      return toAssignment(created!);
    },

    /** The caller's open assignments: those they have not reviewed since they were assigned. */
    async mine(): Promise<ReviewQueue> {
      const reviewedSince = db
        .select({ id: reviews.id })
        .from(reviews)
        .where(
          and(
            eq(reviews.orgId, reviewAssignments.orgId),
            eq(reviews.itemKind, reviewAssignments.itemKind),
            eq(reviews.itemId, reviewAssignments.itemId),
            eq(reviews.reviewedBy, reviewAssignments.assigneeId),
            gte(reviews.reviewedAt, reviewAssignments.createdAt),
          ),
        );
      const rows = await select()
        .where(
          and(
            inArray(reviewAssignments.orgId, scope.orgIds),
            eq(reviewAssignments.assigneeId, scope.userId),
            notExists(reviewedSince),
          ),
        )
        .orderBy(asc(reviewAssignments.createdAt), asc(reviewAssignments.id));
      return { count: rows.length, items: rows.map(toAssignment) };
    },
  };
}

function toAssignment(row: {
  assignment: typeof reviewAssignments.$inferSelect;
  assignee: typeof users.$inferSelect;
  assigner: typeof users.$inferSelect;
}): ReviewAssignment {
  return {
    id: row.assignment.id,
    kind: row.assignment.itemKind,
    item_id: row.assignment.itemId,
    run_id: row.assignment.runId,
    assignee: { id: row.assignee.id, name: displayName(row.assignee) },
    assigned_by: { id: row.assigner.id, name: displayName(row.assigner) },
    note: row.assignment.note,
    created_at: row.assignment.createdAt.toISOString(),
  };
}
