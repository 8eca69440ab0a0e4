import { and, inArray, isNotNull } from "drizzle-orm";
import { schema, seqStamp, type Database } from "@sieve/db";
import type { TenantScope } from "../../plugins/authentication";
import { visibleTo } from "./store";

const { negatomeRecords: negatome } = schema;

/**
 * The negatome's records as the target ranking reads them, public and the caller's organizations' only. Read here
 * rather than through negatome/store.ts: the negatome module reaches this one through workflows, runs and projects,
 * so importing it would close a loop between modules.
 */
export function negatomeFailuresStore(db: Database, scope: TenantScope) {
  const visible = visibleTo(negatome.orgId, scope.orgIds);
  return {
    /** Failures recorded on a target (all of them, or those on these UniProt accessions). */
    async onTargets(uniprotIds?: string[]) {
      return db
        .select({
          negatome_id: negatome.id,
          uniprot: negatome.targetUniprotId,
          failure_class: negatome.failureClass,
          confidence_tier: negatome.confidenceTier,
          compound_inchi_key: negatome.compoundInchiKey,
          source: negatome.source,
          score: negatome.score,
        })
        .from(negatome)
        .where(
          and(
            visible,
            isNotNull(negatome.targetUniprotId),
            uniprotIds ? inArray(negatome.targetUniprotId, uniprotIds) : undefined,
          ),
        );
    },

    /** The newest visible record's `seq` and how many are visible: a new or deleted record changes it. */
    async stamp() {
      return seqStamp(db, negatome, negatome.seq, visible);
    },
  };
}
