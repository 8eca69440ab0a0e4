import { loadRDKit, type RDKitModule } from "@sieve/chem";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CLINTOX,
  DRUGCENTRAL_IDENTIFIERS,
  DRUGCENTRAL_STRUCTURES,
  readSharedData,
  WITHDRAWN_DRUG_INFO,
  WITHDRAWN_REASONS,
} from "../test/shared-data";
import { assessInNegatome, buildPublicNegatome, calibrateVerdicts, type PublicNegatome } from "./calibration";

// Structures as a user would paste them (PubChem isomeric SMILES), not taken from the sources.
const CELECOXIB = "CC1=CC=C(C=C1)C2=CC(=NN2C3=CC=C(C=C3)S(=O)(=O)N)C(F)(F)F";
const ROFECOXIB = "CS(=O)(=O)C1=CC=C(C=C1)C2=C(C(=O)OC2)C3=CC=CC=C3";
const ASPIRIN = "CC(=O)OC1=CC=CC=C1C(=O)O";
/** Rofecoxib's sulfonamide analogue: its nearest recorded compound is rofecoxib, in three sources. */
const ROFECOXIB_SULFONAMIDE = "NS(=O)(=O)c1ccc(cc1)C1=C(C(=O)OC1)c1ccccc1";

let rdkit: RDKitModule;
let negatome: PublicNegatome;
beforeAll(async () => {
  rdkit = await loadRDKit();
  negatome = buildPublicNegatome(rdkit, {
    clintox: readSharedData(CLINTOX),
    withdrawnReasons: readSharedData(WITHDRAWN_REASONS),
    withdrawnDrugInfo: readSharedData(WITHDRAWN_DRUG_INFO),
    drugCentralStructures: readSharedData(DRUGCENTRAL_STRUCTURES),
    drugCentralIdentifiers: readSharedData(DRUGCENTRAL_IDENTIFIERS),
  });
}, 180_000);

describe("reconciled verdicts on the public negatome", () => {
  it("shows celecoxib amber, not red, with its conflicting claims side by side", () => {
    const result = assessInNegatome(rdkit, negatome, CELECOXIB);
    expect(result.risk_level).toBe("amber");
    expect(result.verdict).toMatchObject({ approved: true, conflict: true, documented_withdrawal: false });
    const said = result.entry.claims.map((c) => `${c.source} ${c.label}: ${c.statement}`);
    expect(said).toContainEqual(expect.stringMatching(/^drugcentral approved/));
    expect(said).toContainEqual(expect.stringMatching(/^clintox approved/));
    expect(said).toContainEqual("withdrawn withdrawn: Flagged withdrawn in ChEMBL; no reason recorded.");
    expect(said).toContainEqual(expect.stringMatching(/^withdrawn boxed_warning: Carries a boxed/));
    expect(said).toContainEqual(expect.stringMatching(/^clintox failed_trials: FDA-approved, but labelled/));
    expect(said.join("\n")).not.toMatch(/withdrawn from the market/i);
  });

  it("shows rofecoxib red with each source's withdrawal facts, approval then withdrawal being no conflict", () => {
    const result = assessInNegatome(rdkit, negatome, ROFECOXIB);
    expect(result.risk_level).toBe("red");
    expect(result.verdict).toMatchObject({ approved: true, conflict: false, documented_withdrawal: true });
    const demo = result.entry.claims.find((c) => c.source === "demo");
    expect(demo).toMatchObject({ label: "withdrawn", country: "worldwide", year: 2004, documented: true });
    expect(demo?.statement).toMatch(/^Withdrawn worldwide in 2004: .*demo data/);
    expect(result.entry.claims.find((c) => c.source === "withdrawn" && c.label === "withdrawn")?.statement).toBe(
      "Flagged withdrawn in ChEMBL (reason: Risk for heart attack and stroke).",
    );
  });

  it("shows aspirin green: ClinTox's CT_TOX label contradicts ClinTox's own approval", () => {
    const result = assessInNegatome(rdkit, negatome, ASPIRIN);
    expect(result.risk_level).toBe("green");
    expect(result.verdict.conflict).toBe(true);
  });

  it("gives aspirin sodium aspirin's entry, score and verdict", () => {
    const [salt, parent] = ["CC(=O)Oc1ccccc1C(=O)[O-].[Na+]", ASPIRIN].map((smiles) =>
      assessInNegatome(rdkit, negatome, smiles),
    );
    expect(salt!.smiles).toBe(parent!.smiles);
    expect(salt!.entry).toEqual(parent!.entry);
    expect(salt!.components).toEqual(parent!.components);
    expect(salt!.verdict).toEqual(parent!.verdict);
  });

  it("cites ClinTox's row for each of aspirin's ClinTox claims, so its two conflicting rows show", () => {
    const clintox = assessInNegatome(rdkit, negatome, ASPIRIN).entry.claims.filter((c) => c.source === "clintox");
    expect(clintox.map((c) => `${c.label}: ${c.statement}`).sort()).toEqual([
      "approved: Labelled FDA-approved in ClinTox (FDA_APPROVED = 1, line 846); no date.",
      "failed_trials: Labelled as failed clinical trials for toxicity (ClinTox CT_TOX = 1, line 848).",
    ]);
  });

  it("says of an approved drug in the negatome only what its sources say, and that it is disputed", () => {
    for (const smiles of [ASPIRIN, CELECOXIB]) {
      const exact = assessInNegatome(rdkit, negatome, smiles).warnings.find((w) => w.kind === "exact_match");
      expect(exact?.message).toMatch(
        /^Recorded in \d sources? \((ClinTox|withDRAWN \(ChEMBL-derived\)|, )+\) of the negatome/,
      );
      expect(exact?.message).toMatch(/ClinTox \((bronze|silver)\): [^;]*failed clinical trials for toxicity/);
      expect(exact?.message).toMatch(/ Disputed: approved per DrugCentral, ClinTox\.$/);
      expect(exact?.message).not.toMatch(/recorded failure/i);
    }
  });

  it("lists a compound recorded by several sources once, with its sources", () => {
    const result = assessInNegatome(rdkit, negatome, ROFECOXIB_SULFONAMIDE);
    const rofecoxib = result.evidence_hits.filter((hit) => hit.entry_key === "RZJQGNCSTQAWON");
    expect(rofecoxib).toHaveLength(1);
    expect(rofecoxib[0]!.sources.sort()).toEqual(["demo", "withdrawn"]);
    expect(new Set(result.evidence_hits.map((hit) => hit.entry_key)).size).toBe(result.evidence_hits.length);
  });

  // The figures of bench/results/negatome-verdicts.md, held here.
  it("keeps approved, unflagged compounds out of red and colours documented withdrawals red", () => {
    const calibration = calibrateVerdicts(rdkit, negatome);
    const { unflagged_approved: approved, documented_withdrawals: withdrawals, conflicts } = calibration;
    expect(approved.compounds).toBeGreaterThan(3_000);
    expect(approved.red / approved.compounds).toBeLessThanOrEqual(0.02);
    expect(withdrawals.compounds).toBeGreaterThanOrEqual(30);
    expect(withdrawals.red / withdrawals.compounds).toBeGreaterThanOrEqual(0.8);
    // One undocumented flag against an approval never makes red.
    for (const [flag, counts] of Object.entries(conflicts.undocumented_by_flag))
      if (!flag.includes("+")) expect({ flag, red: counts.red }).toEqual({ flag, red: 0 });
  }, 300_000);
});
