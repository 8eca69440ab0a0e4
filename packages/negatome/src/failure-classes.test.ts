import { describe, expect, it } from "vitest";
import { readSharedData, WITHDRAWN_REASONS } from "../test/shared-data";
import { classifyWithdrawalReason, SAFETY_CATEGORIES, type SafetyCategory } from "./failure-classes";
import { readDelimited } from "./loaders/lines";

describe("classifyWithdrawalReason on reason texts as withDRAWN writes them", () => {
  it.each([
    ["Hepatotoxicity", "SAFETY", ["hepatologic"]],
    ["Cardiac repolarization; QTc interval prolongation", "SAFETY", ["cardiovascular"]],
    ["Life-threatening ventricular arrhythmias (especially torsade de pointes)", "SAFETY", ["cardiovascular"]],
    ["Cardiac arrythmias", "SAFETY", ["cardiovascular"]],
    ["Off-Label Abuse; Hematologic Toxicity", "SAFETY", ["neuropsychiatric", "hematologic"]],
    ["Guillan-Barre Syndrome hepatotoxicity", "SAFETY", ["hepatologic", "immunologic"]],
    ["Cataracts Alopecia lchthyosis", "SAFETY", ["dermatologic", "ophthalmic"]],
    ["Drug Interactionwith 5-FU and Deaths", "SAFETY", ["drug interaction", "death"]],
    ["Unspecific Experimental Toxicity", "SAFETY", []],
    ["None", "UNSPECIFIED", []],
    ["None ", "UNSPECIFIED", []],
    ["", "UNSPECIFIED", []],
  ] as const)("%s → %s %j", (text, failureClass, categories) => {
    expect(classifyWithdrawalReason(text)).toEqual({ failure_class: failureClass, categories });
  });

  it("does not read bone marrow depression as psychiatric", () => {
    const text =
      "Bone marrow depression (anemia thrombocytopenia and granulocytopenia temporally associated with treatment). Bone marrow toxicities may present as either reversible bone marrow depression";
    expect(classifyWithdrawalReason(text).categories).toEqual(["hematologic"]);
  });

  it.each([
    ["Lack of efficacy", "EFFICACY"],
    ["Stopped for futility: no clinical benefit", "EFFICACY"],
    ["Less soluble polymorph precipitated in the capsules", "SOLUBILITY"],
    ["Poor oral bioavailability", "PK"],
    ["Later shown not a PARP inhibitor", "BINDING"],
    ["Commercial reasons", "UNSPECIFIED"],
  ] as const)("non-safety reason %s → %s", (text, failureClass) => {
    expect(classifyWithdrawalReason(text).failure_class).toBe(failureClass);
  });
});

const reasonsText = readSharedData(WITHDRAWN_REASONS);

/** withDRAWN's "Overall toxicity category" with its spelling fixed; categories outside our vocabulary dropped. */
function withdrawnCategories(column: string): Set<SafetyCategory> {
  const fixes: Record<string, string> = {
    imunologic: "immunologic",
    hephrologic: "nephrologic",
    opthalmic: "ophthalmic",
  };
  const names = column.split(";").map((c) => fixes[c.trim()] ?? c.trim());
  return new Set(names.filter((c): c is SafetyCategory => (SAFETY_CATEGORIES as readonly string[]).includes(c)));
}

describe("all 230 withDRAWN reasons", () => {
  const { header, rows } = readDelimited(reasonsText, ",");
  const reasonColumn = header.indexOf("Toxicity as reported in ChEMBL");
  const categoryColumn = header.indexOf("Overall toxicity category");

  it("has 230 reason rows (README: 229, counted without the unterminated last line)", () => {
    expect(rows).toHaveLength(230);
  });

  it("classes every documented reason as SAFETY and every 'None' as UNSPECIFIED", () => {
    for (const { fields } of rows) {
      const reason = fields[reasonColumn]!.trim();
      expect(classifyWithdrawalReason(reason).failure_class, reason).toBe(reason === "None" ? "UNSPECIFIED" : "SAFETY");
    }
  });

  it("finds withDRAWN's own organ categories for at least 85% of documented reasons", () => {
    const documented = rows.filter(({ fields }) => withdrawnCategories(fields[categoryColumn]!).size > 0);
    const disagreements = documented.flatMap(({ line, fields }) => {
      const ours = new Set(classifyWithdrawalReason(fields[reasonColumn]).categories);
      const theirs = withdrawnCategories(fields[categoryColumn]!);
      const same = ours.size === theirs.size && [...ours].every((c) => theirs.has(c));
      return same ? [] : [`line ${line}: "${fields[reasonColumn]}" ours [${[...ours]}] withDRAWN [${[...theirs]}]`];
    });
    const agreement = 1 - disagreements.length / documented.length;
    console.info(
      `withDRAWN categories: ${documented.length - disagreements.length}/${documented.length} identical (${(100 * agreement).toFixed(1)}%)\n  ${disagreements.join("\n  ")}`,
    );
    expect(agreement).toBeGreaterThanOrEqual(0.85);
  });
});
