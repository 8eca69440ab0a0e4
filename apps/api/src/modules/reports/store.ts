import { aliasedTable, and, asc, desc, eq, gte, inArray, notExists } from "drizzle-orm";
import { schema, type Database } from "@sieve/db";
import type { Review, ReviewAssignment, ReviewState } from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";

const { reviews, reviewAssignments, signatures, users } = schema;

/** An item a review or an assignment is about, and the organization (and run) it belongs to. */
interface ReviewedItem {
  orgId: number;
  kind: string;
  itemId: string;
  runId: string | null;
}

/** Review decisions, always filtered to the caller's organizations. Rows are never updated. */
export function reviewsStore(db: Database, scope: TenantScope) {
  const visible = inArray(reviews.orgId, scope.orgIds);
  const select = () =>
    db
      .select({ review: reviews, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.reviewedBy));

  return {
    async add(input: ReviewedItem & { state: ReviewState; comment: string | null }): Promise<Review> {
      if (!scope.orgIds.includes(input.orgId)) throw new Error("review outside the caller's organizations");
      const [row] = await db
        .insert(reviews)
        .values({
          orgId: input.orgId,
          itemKind: input.kind,
          itemId: input.itemId,
          runId: input.runId,
          state: input.state,
          comment: input.comment,
          reviewedBy: scope.userId,
        })
        .returning({ id: reviews.id });
      const [created] = await select().where(eq(reviews.id, row!.id));
      return toReview(created!);
    },

    /** Every review matching the filters, newest first. */
    async history(filters: { kind?: string; itemId?: string; runId?: string }): Promise<Review[]> {
      const rows = await select()
        .where(
          and(
            visible,
            filters.kind ? eq(reviews.itemKind, filters.kind) : undefined,
            filters.itemId ? eq(reviews.itemId, filters.itemId) : undefined,
            filters.runId ? eq(reviews.runId, filters.runId) : undefined,
          ),
        )
        .orderBy(desc(reviews.reviewedAt), desc(reviews.id))
        .limit(5_000);
      return rows.map(toReview);
    },
  };
}

const assignees = aliasedTable(users, "assignees");
const assigners = aliasedTable(users, "assigners");
const displayName = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

/** Review assignments ("My reviews"), scoped to the caller's organizations. */
export function reviewAssignmentsStore(db: Database, scope: TenantScope) {
  const select = () =>
    db
      .select({ assignment: reviewAssignments, assignee: assignees, assigner: assigners })
      .from(reviewAssignments)
      .innerJoin(assignees, eq(assignees.id, reviewAssignments.assigneeId))
      .innerJoin(assigners, eq(assigners.id, reviewAssignments.assignedBy));

  return {
    /** Puts the item in the assignee's queue, assigned by the caller. */
    async add(input: ReviewedItem & { assigneeId: number; note: string | null }): Promise<ReviewAssignment> {
      const [row] = await db
        .insert(reviewAssignments)
        .values({
          orgId: input.orgId,
          itemKind: input.kind,
          itemId: input.itemId,
          runId: input.runId,
          assigneeId: input.assigneeId,
          assignedBy: scope.userId,
          note: input.note,
        })
        .returning({ id: reviewAssignments.id });
      const [created] = await select().where(eq(reviewAssignments.id, row!.id));
      return toAssignment(created!);
    },

    /** The caller's open assignments, oldest first: those they have not reviewed since they were assigned. */
    async openForCaller(): Promise<ReviewAssignment[]> {
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
      return rows.map(toAssignment);
    },
  };
}

export type SignatureRow = typeof signatures.$inferSelect;

/** Electronic signatures on run dossiers, always filtered to the caller's organizations. Rows are never updated. */
export function signaturesStore(db: Database, scope: TenantScope) {
  return {
    /** The run's signatures, oldest first. */
    async ofRun(runId: string): Promise<SignatureRow[]> {
      return db
        .select()
        .from(signatures)
        .where(and(eq(signatures.runId, runId), inArray(signatures.orgId, scope.orgIds)))
        .orderBy(asc(signatures.signedAt), asc(signatures.id));
    },

    async add(input: Omit<typeof signatures.$inferInsert, "id" | "signedAt">): Promise<SignatureRow> {
      if (!scope.orgIds.includes(input.orgId)) throw new Error("signature outside the caller's organizations");
      const [row] = await db.insert(signatures).values(input).returning();
      return row!;
    },
  };
}

/** The newest review of each item: its current state. */
export function currentStates(history: Review[]): Review[] {
  const seen = new Map<string, Review>();
  for (const review of history) {
    const key = `${review.kind}\u0000${review.item_id}`;
    if (!seen.has(key)) seen.set(key, review);
  }
  return [...seen.values()];
}

function toReview(row: {
  review: typeof reviews.$inferSelect;
  firstName: string;
  lastName: string;
  email: string;
}): Review {
  const name = `${row.firstName} ${row.lastName}`.trim() || row.email;
  return {
    id: row.review.id,
    kind: row.review.itemKind,
    item_id: row.review.itemId,
    run_id: row.review.runId,
    state: row.review.state as ReviewState,
    comment: row.review.comment,
    reviewed_by: { id: row.review.reviewedBy, name },
    reviewed_at: row.review.reviewedAt.toISOString(),
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
