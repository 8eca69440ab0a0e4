import { randomUUID } from "node:crypto";
import type { Database } from "@sieve/db";
import { NEGATOME_DEFAULTS, type NegativeAnnotation, type RegisteredNegative } from "@sieve/contracts";
import type { CompoundIdentity } from "@sieve/compute/tasks";
import type { ComputePool } from "@sieve/compute/pool";
import type { CallerScope } from "../../plugins/authentication";
import { forbidden, notFound, validationFailed } from "../../http/errors";
import { authStore } from "../auth/store";
import { ingestKeysStore, insertRecords, negatomeStore } from "./store";

type Identified = Extract<CompoundIdentity, { ok: true }>;

/** The SMILES as submitted, kept in the evidence when the stored parent differs from it (a salt, a solvate). */
function submitted(compound: Identified): { input_smiles?: string } {
  return compound.stripped ? { input_smiles: compound.input } : {};
}

/**
 * Identifies every compound by its parent (largest fragment, like the loaders and `/safety`), or refuses
 * the whole batch, naming each bad one (nothing is half-written).
 */
export async function identifyAll(
  pool: ComputePool,
  smiles: string[],
  path: (index: number) => string,
): Promise<Identified[]> {
  const identities = await pool.run("compounds.identify", { items: smiles });
  const invalid = identities.flatMap((identity, index) =>
    identity.ok ? [] : [{ path: path(index), message: identity.error }],
  );
  if (invalid.length) throw validationFailed(invalid, "invalid_smiles");
  return identities as Identified[];
}

export function negatomeService(db: Database, pool: ComputePool, scope: CallerScope) {
  const store = negatomeStore(db, scope);

  return {
    /** Contributors are users of the caller's organizations; anyone else is not found. */
    async contributorDashboard(contributorId: number) {
      const contributor = await authStore(db).findUserById(contributorId);
      const memberships = contributor ? await authStore(db).membershipOrgIds(contributor.id) : [];
      if (!memberships.some((org) => scope.orgIds.includes(org))) throw notFound("Contributor");
      return store.contributorDashboard(contributorId);
    },

    /** Contributions are accepted only from users who accepted the current agreement (§4). */
    async requireAgreement(): Promise<{ userDeclaredId: string | null }> {
      const agreement = await store.currentAgreement(NEGATOME_DEFAULTS.agreementVersion);
      if (!agreement)
        throw forbidden(
          `Accept the negatome contribution agreement (version ${NEGATOME_DEFAULTS.agreementVersion}) before contributing`,
          "agreement_required",
        );
      return { userDeclaredId: agreement.userDeclaredId };
    },

    /** A user's own negative result: private to their organization, bronze tier, credited to them. */
    async ingestUserAnnotation(
      annotation: NegativeAnnotation,
      extraEvidence: Record<string, unknown> = {},
    ): Promise<string> {
      const { userDeclaredId } = await this.requireAgreement();
      const [compound] = await identifyAll(pool, [annotation.compound.smiles], () => "compound.smiles");
      const { compound: _compound, target, failure_class, reason_for_failure, ...evidence } = annotation;
      const [id] = await insertRecords(db, [
        {
          orgId: scope.primaryOrgId,
          failureClass: failure_class,
          targetUniprotId: target.uniprot_id ?? null,
          compoundInchiKey: compound!.inchikey,
          compoundSmiles: compound!.smiles,
          fingerprint: compound!.fingerprint,
          source: "user",
          sourceKey: randomUUID(),
          score: null,
          reason: reason_for_failure,
          evidence: { ...evidence, ...extraEvidence, user_declared_id: userDeclaredId, ...submitted(compound!) },
          confidenceTier: "bronze",
          contributorId: scope.userId,
        },
      ]);
      return id!;
    },

    /**
     * Negatives registered by computational oracles, once per idempotency key: the key's row is
     * inserted first in the same transaction, so concurrent retries wait for the first and replay its outcome.
     */
    async ingestSynthetic(
      idempotencyKey: string,
      negatives: RegisteredNegative[],
    ): Promise<{ inserted: number; skipped: number }> {
      const orgId = scope.primaryOrgId;
      const earlier = await ingestKeysStore(db, orgId).outcome(idempotencyKey);
      if (earlier) return earlier;
      const compounds = await identifyAll(
        pool,
        negatives.map((n) => n.compound.smiles),
        (i) => `records.${i}.compound.smiles`,
      );
      return db.transaction(async (tx) => {
        const keys = ingestKeysStore(tx, orgId);
        if (!(await keys.claim(idempotencyKey))) return (await keys.outcome(idempotencyKey))!;
        const ids = await insertRecords(
          tx,
          negatives.map((negative, i) => ({
            orgId,
            failureClass: negative.failure_class,
            targetUniprotId:
              typeof negative.target_info.uniprot_id === "string" ? negative.target_info.uniprot_id : null,
            compoundInchiKey: compounds[i]!.inchikey,
            compoundSmiles: compounds[i]!.smiles,
            fingerprint: compounds[i]!.fingerprint,
            source: "synthetic",
            sourceKey: `${orgId}:${idempotencyKey}:${compounds[i]!.inchikey}:${negative.failure_class}`,
            score: typeof negative.metrics.score === "number" ? negative.metrics.score : null,
            reason:
              typeof negative.metrics.reason === "string"
                ? negative.metrics.reason
                : `Computational negative (${negative.failure_class})`,
            evidence: {
              target_info: negative.target_info,
              metrics: negative.metrics,
              artifacts: negative.artifacts,
              ...submitted(compounds[i]!),
            },
            confidenceTier: "bronze",
            contributorId: scope.userId,
          })),
        );
        const outcome = { inserted: ids.length, skipped: negatives.length - ids.length };
        await keys.settle(idempotencyKey, outcome);
        return outcome;
      });
    },
  };
}
