import { loadRDKit, SimilarityIndex, type RDKitModule } from "@sieve/chem";
import { beforeAll, describe, expect, it } from "vitest";
import { CLINTOX, readSharedData } from "../test/shared-data";
import { demoCandidates } from "./demo-set";
import { clintoxReferenceCompounds, parseClintox } from "./loaders/clintox";
import { prepareRecords } from "./prepare";
import { buildReferenceIndex, negatomeIndex } from "./reference-set";
import { assessSafety, type SafetyAssessment, type SafetyRequest } from "./safety";
import type { NegatomeEntry } from "./types";

const ROFECOXIB = "CS(=O)(=O)c1ccc(cc1)C1=C(C(=O)OC1)c1ccccc1";
/** Rofecoxib with its methyl sulfone swapped for a sulfonamide (the celecoxib/valdecoxib pharmacophore). */
const ROFECOXIB_SULFONAMIDE = "NS(=O)(=O)c1ccc(cc1)C1=C(C(=O)OC1)c1ccccc1";
const clintoxText = readSharedData(CLINTOX);

let rdkit: RDKitModule;
let entries: NegatomeEntry[];
const configurations: { name: string; reference: () => SimilarityIndex<string> }[] = [
  { name: "no reference compounds", reference: () => new SimilarityIndex<string>() },
];
let clintoxReference: SimilarityIndex<string> | undefined;
configurations.push({ name: "ClinTox approved drugs as reference", reference: () => clintoxReference! });

beforeAll(async () => {
  rdkit = await loadRDKit();
  const { records } = prepareRecords(rdkit, demoCandidates());
  entries = records.map((record) => ({ ...record, negatome_id: `demo:${record.evidence.compound_name}` }));
  const failures = new Set(entries.map((e) => e.compound_inchi_key));
  clintoxReference = buildReferenceIndex(
    rdkit,
    clintoxReferenceCompounds(parseClintox(clintoxText).rows),
    failures,
  ).index;
}, 60_000);

function assess(
  smiles: string,
  reference: SimilarityIndex<string>,
  extra: Partial<SafetyRequest> = {},
): SafetyAssessment {
  const result = assessSafety({
    rdkit,
    smiles,
    index: negatomeIndex(entries),
    records: new Map(entries.map((e) => [e.negatome_id, e])),
    reference,
    ...extra,
  });
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe.each(configurations)("assessSafety against the demo set, $name", ({ reference }) => {
  it("rates a withdrawn drug itself red, citing the exact match", () => {
    const result = assess(ROFECOXIB, reference());
    expect(result.risk_level).toBe("red");
    expect(result.risk_score).toBeGreaterThan(0.9);
    const exact = result.warnings.find((w) => w.kind === "exact_match");
    expect(exact).toMatchObject({ severity: "high", evidence: ["demo:rofecoxib"] });
    expect(exact?.message).toMatch(/rofecoxib: Withdrawn worldwide in 2004: .*heart attack and stroke/);
    expect(result.evidence_hits[0]).toMatchObject({
      negatome_id: "demo:rofecoxib",
      exact_match: true,
      similarity: 1,
      failure_class: "SAFETY",
      source: "demo",
    });
  });

  it("matches the parent of a salt exactly", () => {
    expect(assess(`${ROFECOXIB}.Cl`, reference()).components.exact_match).toBeGreaterThan(0.85);
  });

  it("rates the sulfonamide analogue of rofecoxib amber or red, naming rofecoxib", () => {
    const result = assess(ROFECOXIB_SULFONAMIDE, reference());
    console.info(
      `rofecoxib sulfonamide: risk ${result.risk_score.toFixed(3)} ${JSON.stringify(result.components)}, hits ${result.evidence_hits.map((h) => `${h.compound_name} ${h.similarity.toFixed(2)}`).join(", ")}`,
    );
    expect(["amber", "red"]).toContain(result.risk_level);
    expect(result.components.exact_match).toBe(0);
    const similar = result.warnings.find((w) => w.kind === "similar_failure" && w.evidence.includes("demo:rofecoxib"));
    expect(similar?.message).toMatch(/Tanimoto 0\.\d\d .*rofecoxib/);
  });

  it("names the compounds behind the nearest-failure and neighbourhood numbers", () => {
    const result = assess(ROFECOXIB_SULFONAMIDE, reference());
    const rofecoxib = result.evidence_hits.find((hit) => hit.negatome_id === "demo:rofecoxib")!;
    const cited = `rofecoxib (${rofecoxib.similarity.toFixed(2)})`;
    expect(result.component_notes.nearest_failure).toContain(`the nearest is ${cited}, giving`);
    const counts = result.component_notes.neighbourhood.match(
      /^Computed over the (\d+) known compounds? with Tanimoto above 0\.15 \(at most 40\): (\d+) recorded failures? \((.*)\) and (\d+) approved reference compounds?, /,
    );
    expect(counts).not.toBeNull();
    const [, known, failures, names, approved] = counts!;
    expect(Number(known)).toBe(Number(failures) + Number(approved));
    expect(names).toContain(cited);
  });

  it("rates ethanol green with no evidence", () => {
    const result = assess("CCO", reference());
    expect(result.risk_level).toBe("green");
    expect(result.risk_score).toBeLessThan(0.15);
    expect(result.evidence_hits).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it("adds the target's failure history, citing its records", () => {
    const without = assess("c1ccc2[nH]ccc2c1", reference());
    const withTarget = assess("c1ccc2[nH]ccc2c1", reference(), { targetUniprotId: "Q12809" });
    expect(withTarget.risk_score).toBeGreaterThan(without.risk_score);
    const warning = withTarget.warnings.find((w) => w.kind === "target_history");
    expect(warning?.evidence).toEqual(
      expect.arrayContaining(["demo:terfenadine", "demo:astemizole", "demo:cisapride"]),
    );
    expect(warning?.message).toMatch(/Q12809 has \d+ recorded failures .*liability/);
  });
});

describe("assessSafety output", () => {
  it("reports structural alerts as warnings that name the alert", () => {
    const result = assess("S=C1SC(=Cc2ccccc2)C(=O)N1", new SimilarityIndex<string>());
    const alerts = result.warnings.filter((w) => w.kind === "structural_alert");
    expect(alerts.map((w) => w.evidence[0])).toEqual(expect.arrayContaining(["ene_rhod_A(235)", "Michael_acceptor_1"]));
    // Alerts are warnings only: they do not raise the score (bench/negatome ablation).
    expect(result.components).not.toHaveProperty("alerts");
    expect(result.fingerprint).toBe("morgan2_2048");
  });

  it("refuses what is not a SMILES, with the reason", () => {
    const result = assessSafety({
      rdkit,
      smiles: "C1CC",
      index: negatomeIndex([]),
      records: new Map(),
      reference: new SimilarityIndex<string>(),
    });
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/Invalid SMILES/) });
  });
});
