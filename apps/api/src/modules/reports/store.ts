import { and, desc, eq, inArray } from "drizzle-orm";
import { schema, type Database } from "@sieve/db";
import type { Review, ReviewState } from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";

const { reviews, users } = schema;

/** Review decisions, always filtered to the caller's organizations. Rows are never updated. */
export function reviewsStore(db: Database, scope: TenantScope) {
  const visible = inArray(reviews.orgId, scope.orgIds);
  const select = () =>
    db
      .select({ review: reviews, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.reviewedBy));

  return {
    async add(input: {
      orgId: number;
      kind: string;
      itemId: string;
      runId: string | null;
      state: ReviewState;
      comment: string | null;
    }): Promise<Review> {
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
