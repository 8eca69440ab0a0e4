import { morganFingerprintOfSmiles, SimilarityIndex, type RDKitModule } from "@sieve/chem";
import { DEFAULT_SAFETY_PARAMETERS, EVIDENCE_MIN_SIMILARITY, MAX_EVIDENCE_HITS } from "@sieve/negatome";
import { Random } from "@sieve/optimize";
import { percentile, type BenchRow } from "../lib/report";

const QUERIES = 1_000;
const WARM_UP = 100;

/**
 * Similarity-index search latency at `size` compounds: the first `size` fingerprints of the SMILES
 * given (ClinTox, then Tox21, then DrugCentral), queried by a seeded sample of the compounds left
 * over, so that no query finds itself (a self-match would make the popcount bound prune almost
 * everything). Two query shapes: a plain top 10, and the search `assessSafety` runs on the
 * negatome with the default parameters (top 40 above Tanimoto 0.15).
 */
export function measureSearch(rdkit: RDKitModule, smiles: readonly string[], size: number, seed: number): BenchRow[] {
  const t0 = performance.now();
  const index = new SimilarityIndex<number>();
  const heldOut: Uint32Array[] = [];
  for (const s of smiles) {
    const fingerprint = morganFingerprintOfSmiles(rdkit, s);
    if (!fingerprint) continue;
    if (index.size < size) index.add(index.size, fingerprint);
    else heldOut.push(fingerprint);
  }
  if (index.size < size || heldOut.length === 0)
    throw new Error(
      `measureSearch: ${index.size} fingerprints indexed and ${heldOut.length} held out; need ${size} and some queries`,
    );
  const fingerprintSeconds = (performance.now() - t0) / 1000;
  const random = new Random(seed);
  const queries = Array.from({ length: QUERIES }, () => random.pick(heldOut));
  const shapes = [
    { name: "top 10", k: 10, min: 0 },
    {
      name: "assessSafety (top 40, ≥ 0.15)",
      k: Math.max(DEFAULT_SAFETY_PARAMETERS.neighbours, MAX_EVIDENCE_HITS),
      min: Math.min(DEFAULT_SAFETY_PARAMETERS.kernel_start, EVIDENCE_MIN_SIMILARITY),
    },
  ];
  return shapes.map(({ name, k, min }) => {
    for (const query of queries.slice(0, WARM_UP)) index.search(query, k, min);
    const latencies = queries.map((query) => {
      const t = performance.now();
      index.search(query, k, min);
      return performance.now() - t;
    });
    return {
      measure: `search, ${name}`,
      compounds: index.size,
      queries: QUERIES,
      held_out_pool: heldOut.length,
      p50_ms: percentile(latencies, 50),
      p95_ms: percentile(latencies, 95),
      max_ms: Math.max(...latencies),
      target_p95_ms: 5,
      fingerprinting_s: fingerprintSeconds,
    };
  });
}
