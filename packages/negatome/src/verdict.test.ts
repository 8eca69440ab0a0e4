import { describe, expect, it } from "vitest";
import { entryKey, reconcileVerdict, screenDecision, weighClaims, type SourceClaim } from "./verdict";

const claim = (source: string, label: SourceClaim["label"], reliability: number, documented = false): SourceClaim => ({
  source,
  dataset: source,
  label,
  statement: `${source} says ${label}`,
  reason: null,
  country: null,
  year: null,
  reference: null,
  confidence_tier: "silver",
  reliability,
  documented,
  failure_class: label === "approved" || label === "boxed_warning" ? null : "SAFETY",
  negatome_id: null,
  compound_name: null,
});
const approvedBy = [claim("drugcentral", "approved", 0), claim("clintox", "approved", 0)];

describe("entryKey", () => {
  it("is the InChIKey's first block, shared by stereoisomers", () => {
    // Fenfluramine (racemate) and dexfenfluramine (S), standard InChIKeys from PubChem.
    expect(entryKey("DBGIVFWFUFKIQN-UHFFFAOYSA-N")).toBe("DBGIVFWFUFKIQN");
    expect(entryKey("DBGIVFWFUFKIQN-VIFPVBQESA-N")).toBe(entryKey("DBGIVFWFUFKIQN-UHFFFAOYSA-N"));
  });
});

describe("reconcileVerdict", () => {
  it("keeps an approved compound amber against one source's withdrawal flag, and marks the conflict", () => {
    const verdict = reconcileVerdict([...approvedBy, claim("withdrawn", "withdrawn", 0.9)], 0.1);
    expect(verdict).toMatchObject({ risk_score: 0.6, risk_level: "amber", conflict: true, approved: true });
    expect(verdict.conflict_note).toMatch(
      /approved in DrugCentral, ClinTox; withDRAWN \(ChEMBL-derived\): withdrawn says withdrawn/,
    );
  });

  it("turns an approved compound red when two independent sources flag it", () => {
    const verdict = reconcileVerdict(
      [...approvedBy, claim("withdrawn", "withdrawn", 0.9), claim("other", "failed_trials", 0.85)],
      0,
    );
    expect(verdict.risk_score).toBeCloseTo(1 - 0.4 * 0.4);
    expect(verdict.risk_level).toBe("red");
  });

  it("counts a source once however often it repeats itself", () => {
    const twice = reconcileVerdict(
      [...approvedBy, claim("withdrawn", "withdrawn", 0.9), claim("withdrawn", "withdrawn", 0.9)],
      0,
    );
    expect(twice.risk_score).toBe(0.6);
  });

  it("trusts a dated withdrawal: approved then withdrawn is red and no conflict", () => {
    const verdict = reconcileVerdict([...approvedBy, claim("demo", "withdrawn", 0.97, true)], 0);
    expect(verdict).toMatchObject({ risk_level: "red", conflict: false, documented_withdrawal: true });
    expect(verdict.risk_score).toBeCloseTo(0.97);
  });

  it("discounts a trial-failure label from a source that also lists the compound approved", () => {
    const verdict = reconcileVerdict([...approvedBy, claim("clintox", "failed_trials", 0.85)], 0.1);
    expect(verdict.risk_score).toBeCloseTo(0.2);
    expect(verdict.risk_level).toBe("green");
  });

  it("names sources by their display names in every text, never by their ids", () => {
    const boxed = reconcileVerdict([...approvedBy, claim("withdrawn", "boxed_warning", 0.4)], 0);
    expect(boxed.explanation).toBe(
      "Approved (DrugCentral, ClinTox) and no source flags it withdrawn or failed; similar compounds alone cannot make it amber. Boxed warning per withDRAWN (ChEMBL-derived): at least amber.",
    );
    const conflicting = reconcileVerdict([...approvedBy, claim("clintox", "failed_trials", 0.85)], 0);
    expect(conflicting.explanation).toMatch(/^Approved \(DrugCentral, ClinTox\); failure claims from ClinTox /);
    expect(conflicting.conflict_note).toMatch(/^Sources disagree: approved in DrugCentral, ClinTox; ClinTox: /);
  });

  it("makes a boxed warning amber, never red", () => {
    expect(reconcileVerdict([...approvedBy, claim("withdrawn", "boxed_warning", 0.4)], 0).risk_score).toBe(0.4);
    const flagged = reconcileVerdict(
      [...approvedBy, claim("withdrawn", "boxed_warning", 0.4), claim("clintox", "failed_trials", 0.85)],
      0,
    );
    expect(flagged.risk_level).toBe("amber");
  });

  it("keeps structure alone from colouring an approved drug, and uses it alone without claims", () => {
    expect(reconcileVerdict(approvedBy, 0.9)).toMatchObject({ risk_score: 0.3, risk_level: "green" });
    expect(reconcileVerdict([], 0.9)).toMatchObject({ risk_score: 0.9, risk_level: "red", claims_risk: null });
  });

  it("combines a failure without approval with the structural risk by noisy-OR", () => {
    expect(reconcileVerdict([claim("clintox", "failed_trials", 0.85)], 0.5).risk_score).toBeCloseTo(1 - 0.15 * 0.5);
  });
});

describe("screenDecision", () => {
  it("never removes an approved drug without a dated withdrawal, and says why it is kept", () => {
    const verdict = reconcileVerdict([...approvedBy, claim("withdrawn", "withdrawn", 0.9)], 0);
    expect(screenDecision(verdict, 0.3)).toMatchObject({
      keep: true,
      reason: expect.stringMatching(/^kept: approved drug/),
    });
  });

  it("filters a red compound above the threshold with its reason, and keeps what is under it", () => {
    const verdict = reconcileVerdict([...approvedBy, claim("demo", "withdrawn", 0.97, true)], 0);
    expect(screenDecision(verdict, 0.7)).toMatchObject({
      keep: false,
      reason: expect.stringMatching(/0\.97 \(red\) is above 0\.7/),
    });
    expect(screenDecision(verdict, 0.99)).toEqual({ keep: true, reason: null });
  });
});

describe("weighClaims", () => {
  it("shows the weight a self-contradicting trial-failure label is given", () => {
    const weighed = weighClaims([...approvedBy, claim("clintox", "failed_trials", 0.85)]);
    expect(weighed.find((c) => c.label === "failed_trials")?.reliability).toBe(0.2);
    expect(reconcileVerdict(weighed, 0).explanation).toMatch(/ClinTox also lists it as approved: .* counts 0\.2\./);
  });
});
