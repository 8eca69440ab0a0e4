import type { Database } from "@sieve/db";
import type { ReviewAssignment, ReviewAssignmentBody, ReviewQueue } from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";
import { validationFailed } from "../../http/errors";
import { authStore } from "../auth/store";
import { reviewItemOwner } from "./service";
import { reviewAssignmentsStore } from "./store";

/** Review assignments ("My reviews"), scoped to the caller's organizations. */
export function reviewQueue(db: Database, scope: TenantScope) {
  const store = reviewAssignmentsStore(db, scope);
  return {
    /** Puts the item in a member's queue; the assignee must belong to the item's organization. */
    async assign(body: ReviewAssignmentBody): Promise<ReviewAssignment> {
      const { orgId, runId } = await reviewItemOwner(db, scope, body);
      const assigneeOrgIds = await authStore(db).membershipOrgIds(body.assignee_id);
      if (!assigneeOrgIds.includes(orgId))
        throw validationFailed([{ path: "assignee_id", message: "the reviewer must be a member of the organization" }]);
      return store.add({
        orgId,
        kind: body.kind,
        itemId: body.item_id,
        runId,
        assigneeId: body.assignee_id,
        note: body.note ?? null,
      });
    },

    /** The caller's open assignments: those they have not reviewed since they were assigned. */
    async mine(): Promise<ReviewQueue> {
      const items = await store.openForCaller();
      return { count: items.length, items };
    },
  };
}
