import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { canonicalJson, sha256Hex } from "../../http/canonical-json";
import { SIEVE_VERSION } from "../../config";

const repoRoot = fileURLToPath(new URL("../../../../../", import.meta.url));

function packageVersion(name: string): string {
  try {
    return JSON.parse(readFileSync(`${repoRoot}node_modules/${name}/package.json`, "utf8")).version as string;
  } catch {
    return "unknown";
  }
}

/** Versions a result depends on: Sieve itself, RDKit (the npm build of RDKit.js) and each oracle. */
export function softwareVersions(domain: string | null): {
  sieve_version: string;
  rdkit_version: string;
  oracles: Record<string, string>;
} {
  const oracles: Record<string, string> =
    domain === "molecular"
      ? {
          objective: `multi-property desirability, weighted geometric mean (@sieve/optimize objective.ts, sieve ${SIEVE_VERSION})`,
          generator: `Graph GA after Jensen 2019 with seeded xoshiro128** (@sieve/optimize graph-ga.ts, sieve ${SIEVE_VERSION})`,
          qed: "QED, Bickerton et al. 2012 (@sieve/chem qed.ts)",
          logp_molecular_weight_tpsa: "RDKit descriptors (Crippen logP, average MW, TPSA)",
        }
      : domain === "targets"
        ? {
            priority: `priorityScore with harmonic sums and random walk with restart (@sieve/targets, sieve ${SIEVE_VERSION})`,
          }
        : {};
  return { sieve_version: SIEVE_VERSION, rdkit_version: `@rdkit/rdkit ${packageVersion("@rdkit/rdkit")}`, oracles };
}

/**
 * The key that signs manifests and replay bundles, derived from the server's JWT secret with a fixed
 * label, so it never equals the token key and rotating the JWT secret rotates it too.
 */
export function signingKey(jwtSecret: Uint8Array): Buffer {
  return createHmac("sha256", jwtSecret).update("sieve-artifact-signing-v1").digest();
}

export function sign(jwtSecret: Uint8Array, payload: string): { alg: "HMAC-SHA256"; key_id: string; value: string } {
  const key = signingKey(jwtSecret);
  return {
    alg: "HMAC-SHA256",
    key_id: sha256Hex(key).slice(0, 16),
    value: createHmac("sha256", key).update(payload).digest("hex"),
  };
}

export function signCanonical(jwtSecret: Uint8Array, value: unknown) {
  return sign(jwtSecret, canonicalJson(value));
}
