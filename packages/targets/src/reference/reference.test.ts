import { beforeAll, describe, expect, it } from "vitest";
import { parseDrugIndications, parseHgnc, parseJensenDiseases, parseObo, type HgncGene } from "@sieve/literature";
import { GeneIndex } from "../genes";
import { approvedDrugFeatures, clinicalPrecedence, clinicalPrecedenceFeatures, parseDrugTargets } from "./drugcentral";
import { therapeuticArea } from "./therapeutic-areas";
import { DiseaseHierarchy } from "./disease-hierarchy";
import { jensenLabFeatures } from "./jensenlab";
import { parseWithdrawn, safetyLiabilityFeatures } from "./withdrawn";
import { readSharedData, requireSharedData } from "@sieve/testing";
import { TARGET_REFERENCE_FILES as F } from "../../test/reference-files";

const gene = (hgnc_id: string, symbol: string, uniprot: string[] = []): HgncGene => ({
  hgnc_id,
  symbol,
  name: null,
  aliases: [],
  previous_symbols: [],
  ncbigene: null,
  ensembl: null,
  uniprot,
});
const genes = new GeneIndex([
  gene("HGNC:3236", "EGFR", ["P00533"]),
  gene("HGNC:5438", "IFNAR1", ["P17181"]),
  gene("HGNC:5440", "IFNAR2", ["P48551"]),
  gene("HGNC:9605", "PTGS2", ["P35354"]),
  gene("HGNC:9604", "PTGS1", ["P23219"]),
  gene("HGNC:1", "GYRA"),
]);

const TARGETS = [
  "DRUG_ID\tCHEMBL_ID\tDRUG_NAME\tTARGET_NAME\tTARGET_FAMILY\tUNIPROT\tGENE\tSWISSPROT\tACTION_TYPE\tSOURCE\tREFERENCE",
  "1\tCHEMBL553\terlotinib\tEGFR\tKinase\tP00533\tEGFR\tEGFR_HUMAN\tINHIBITOR\tCHEMBL\t",
  "2\tCHEMBL939\tgefitinib\tEGFR\tKinase\tP00533\tEGFR\tEGFR_HUMAN\tINHIBITOR\tCHEMBL\t",
  "3\t\tcetuximab\tEGFR\tKinase\tP00533\tEGFR\tEGFR_HUMAN\tINHIBITOR\tDRUG LABEL\t",
  "4\t\tinterferon beta-1a\tInterferon alpha/beta receptor\tMembrane receptor\tP17181|P48551\tIFNAR1|IFNAR2\tINAR1_HUMAN|INAR2_HUMAN\tAGONIST\tDRUG LABEL\t",
  "5\tCHEMBL122\trofecoxib\tCOX-2\tEnzyme\tP35354\tPTGS2\tPGH2_HUMAN\tINHIBITOR\tCHEMBL\t",
  "6\tCHEMBL1228\toxyphenbutazone\tCOX\tEnzyme\tP23219|P35354\tPTGS1|PTGS2\tPGH1_HUMAN|PGH2_HUMAN\tINHIBITOR\tCHEMBL\t",
  "7\tCHEMBL8\tciprofloxacin\tDNA gyrase\tEnzyme\tP0AES4\tgyrA\tGYRA_ECOLI\tINHIBITOR\tCHEMBL\t",
].join("\n");
const INDICATIONS = [
  "DRUG_ID\tDRUG_NAME\tINDICATION_FDB\tUMLS_CUI\tSNOMEDCT_CUI\tDOID",
  "1\terlotinib\tNon-small cell lung cancer\tC1\t1\tDOID:3908",
  "1\terlotinib\tPancreatic cancer\tC2\t2\tDOID:1793",
  "2\tgefitinib\tNon-small cell lung cancer\tC1\t1\tDOID:3908",
  "2\tgefitinib\tSome unmapped indication\tC3\t3\t",
  "3\tcetuximab\tColorectal cancer\tC4\t4\tDOID:9256",
  "4\tinterferon beta-1a\tMultiple sclerosis\tC5\t5\tDOID:2377",
].join("\n");

describe("DrugCentral targets", () => {
  const targets = parseDrugTargets(TARGETS);
  const indications = parseDrugIndications(INDICATIONS);

  it("splits multi-component targets on | and marks non-human components", () => {
    expect(targets).toHaveLength(7);
    expect(targets[3]!.components).toEqual([
      { symbol: "IFNAR1", uniprot: "P17181", human: true },
      { symbol: "IFNAR2", uniprot: "P48551", human: true },
    ]);
    expect(targets[2]!.chembl_id).toBeNull();
    expect(targets[6]!.components[0]!.human).toBe(false);
  });

  it("approved_drug_targets: n distinct drugs, score min(1, ln(1 + n) / ln 1001), human genes only", () => {
    const rows = approvedDrugFeatures(targets, indications, genes);
    const egfr = rows.find((r) => r.gene === "HGNC:3236")!;
    expect(egfr).toMatchObject({ feature_name: "approved_drug_targets", component: "drugg", raw: 3, disease: null });
    expect(egfr.score).toBeCloseTo(Math.log(4) / Math.log(1001), 12);
    expect(rows.find((r) => r.gene === "HGNC:5440")!.raw).toBe(1); // IFNAR2 from the | list
    expect(rows.find((r) => r.gene === "HGNC:9605")!.raw).toBe(2); // PTGS2: rofecoxib, oxyphenbutazone
    expect(rows.some((r) => r.gene === "HGNC:1")).toBe(false); // E. coli gyrA is not human GYRA
  });

  it("excludeDiseaseIds drops only drugs whose every DOID-coded indication is excluded", () => {
    // Excluding NSCLC: gefitinib goes (its other indication has no DOID), erlotinib stays (pancreatic cancer).
    const rows = approvedDrugFeatures(targets, indications, genes, { excludeDiseaseIds: new Set(["DOID:3908"]) });
    const egfr = rows.find((r) => r.gene === "HGNC:3236")!;
    expect(egfr.raw).toBe(2);
    expect(egfr.score).toBeCloseTo(Math.log(3) / Math.log(1001), 12);
  });

  it("clinical_precedence: 1 per gene × indication DOID, raw = n drugs", () => {
    const rows = clinicalPrecedenceFeatures(targets, indications, genes);
    const nsclc = rows.find((r) => r.gene === "HGNC:3236" && r.disease === "DOID:3908")!;
    expect(nsclc).toMatchObject({ feature_name: "clinical_precedence", component: "drugg", score: 1, raw: 2 });
    expect(
      rows
        .filter((r) => r.disease === "DOID:2377")
        .map((r) => r.gene)
        .sort(),
    ).toEqual(["HGNC:5438", "HGNC:5440"]);
    expect(
      clinicalPrecedenceFeatures(targets, indications, genes, { excludeDiseaseIds: new Set(["DOID:3908"]) }).some(
        (r) => r.disease === "DOID:3908",
      ),
    ).toBe(false);
  });
});

describe("withDRAWN safety liabilities", () => {
  const csv = [
    ",atc,withdrawn flag,black_box warning,smiles,name,,",
    'CHEMBL122,M01AH02_,TRUE,1,CC,"Vioxx_Rofecoxib_""Ceoxx""_",,',
    "CHEMBL553,L01XE03_,FALSE,0,CC,Erlotinib_Tarceva_,,",
    "CHEMBL1228,M02AA04_,FALSE,1,CC,Oxyphenbutazone_,,",
  ].join("\n");

  it("parses ChEMBL id, flags and names (quoted, with doubled quotes)", () => {
    const w = parseWithdrawn(csv);
    expect(w[0]).toEqual({
      chembl_id: "CHEMBL122",
      withdrawn: true,
      black_box: true,
      names: ["Vioxx", "Rofecoxib", '"Ceoxx"'],
    });
    expect(w[1]).toMatchObject({ chembl_id: "CHEMBL553", withdrawn: false, black_box: false });
  });

  it("withdrawn 1, black box 0.5, known-without-liability 0, unknown no row", () => {
    const rows = safetyLiabilityFeatures(parseDrugTargets(TARGETS), parseWithdrawn(csv), genes);
    const of = (g: string) => rows.filter((r) => r.gene === g).map((r) => [r.feature_name, r.score, r.raw]);
    expect(of("HGNC:9605")).toEqual([
      ["withdrawn_drug_target", 1, 1],
      ["black_box_drug_target", 0.5, 2],
    ]); // PTGS2
    expect(of("HGNC:9604")).toEqual([["black_box_drug_target", 0.5, 1]]); // PTGS1: oxyphenbutazone
    expect(of("HGNC:3236")).toEqual([["drug_safety_record", 0, 3]]); // EGFR: drugs on the market, no liability
    expect(rows.every((r) => r.component === "safe" && r.disease === null)).toBe(true);
  });

  it("share scaling: the flag's value × the share of the gene's drugs carrying it", () => {
    const rows = safetyLiabilityFeatures(parseDrugTargets(TARGETS), parseWithdrawn(csv), genes, { scale: "share" });
    const of = (g: string) => rows.filter((r) => r.gene === g).map((r) => [r.feature_name, r.score]);
    expect(of("HGNC:9605")).toEqual([
      ["withdrawn_drug_target", 0.5],
      ["black_box_drug_target", 0.5],
    ]); // 1 × 1/2, 0.5 × 2/2
    expect(of("HGNC:9604")).toEqual([["black_box_drug_target", 0.5]]); // its only drug: 0.5 × 1/1
    expect(of("HGNC:3236")).toEqual([["drug_safety_record", 0]]);
  });
});

describe("JensenLab curated associations", () => {
  it("score = confidence / 5, one row per gene × DOID with the best confidence", () => {
    const text = [
      "ENSP1\tEGFR\tDOID:3908\tNSCLC\tMedlinePlus\tCURATED\t4",
      "ENSP1\tEGFR\tDOID:3908\tNSCLC\tUniProtKB-KW\tCURATED\t5",
      "X\tNOPE\tDOID:1\tx\tAmyCo\tCURATED\t5",
    ].join("\n");
    expect(jensenLabFeatures(parseJensenDiseases(text), genes)).toEqual([
      {
        gene: "HGNC:3236",
        feature_name: "jensenlab_curated",
        component: "lit",
        score: 1,
        raw: 5,
        disease: "DOID:3908",
      },
    ]);
  });
});

describe("DiseaseHierarchy", () => {
  const obo = [
    "[Term]\nid: DOID:1\nname: disease",
    "[Term]\nid: DOID:2\nname: cancer\nis_a: DOID:1 ! disease",
    "[Term]\nid: DOID:3\nname: lung cancer\nalt_id: DOID:33\nis_a: DOID:2 ! cancer",
    "[Term]\nid: DOID:4\nname: NSCLC\nis_a: DOID:3 ! lung cancer",
    "[Term]\nid: DOID:5\nname: lung disease\nis_a: DOID:1",
    "[Term]\nid: DOID:6\nname: lung carcinoma of both kinds\nis_a: DOID:3\nis_a: DOID:5",
  ].join("\n\n");
  const h = new DiseaseHierarchy(parseObo(obo));

  it("descendants include the term itself and follow is_a down, through several parents", () => {
    expect([...h.descendants("DOID:3")].sort()).toEqual(["DOID:3", "DOID:4", "DOID:6"]);
    expect([...h.descendants("DOID:5")].sort()).toEqual(["DOID:5", "DOID:6"]);
    expect(h.descendants("DOID:1").size).toBe(6);
  });

  it("ancestors follow is_a up; alt ids resolve; unknown ids stand alone", () => {
    expect([...h.ancestors("DOID:6")].sort()).toEqual(["DOID:1", "DOID:2", "DOID:3", "DOID:5", "DOID:6"]);
    expect([...h.descendants("DOID:33")].sort()).toEqual(["DOID:3", "DOID:4", "DOID:6"]);
    expect(h.name("DOID:33")).toBe("lung cancer");
    expect([...h.descendants("DOID:999")]).toEqual(["DOID:999"]);
  });

  it("information content ln(T / |descendants|) / ln T over the T = 6 terms", () => {
    expect(h.informationContent("DOID:1")).toBe(0); // the root holds all 6
    expect(h.informationContent("DOID:3")).toBeCloseTo(Math.log(2) / Math.log(6), 12); // 3 of 6: 0.3869
    expect(h.informationContent("DOID:4")).toBe(1); // a leaf
  });

  it("related diseases: through the most informative common ancestor, never own subtree, ancestors or the root", () => {
    // NSCLC (4): its cousin 6 shares lung cancer (3, IC ln 2 / ln 6 = 0.3869) and cancer (2, 0.2263): the larger
    // counts.
    expect([...h.related("DOID:4")]).toEqual([["DOID:6", expect.closeTo(Math.log(2) / Math.log(6), 12)]]);
    // Lung disease (5) shares only the root with the cancers: nothing related.
    expect(h.related("DOID:5").size).toBe(0);
    // 6 is under lung cancer and lung disease; 5 is its ancestor, so only 4 is related.
    expect([...h.related("DOID:6").keys()]).toEqual(["DOID:4"]);
  });
});

const realFiles = [F.hgnc, F.drugTargets, F.drugIndications, F.withdrawn, F.jensenlab, F.diseaseOntology];
describe("real reference files", () => {
  beforeAll(() => requireSharedData(...realFiles));
  // Read lazily, inside the tests, once.
  let real: {
    index: GeneIndex;
    targets: ReturnType<typeof parseDrugTargets>;
    indications: ReturnType<typeof parseDrugIndications>;
  } | null = null;
  const load = () =>
    (real ??= {
      index: new GeneIndex(parseHgnc(readSharedData(F.hgnc))),
      targets: parseDrugTargets(readSharedData(F.drugTargets)),
      indications: parseDrugIndications(readSharedData(F.drugIndications)),
    });

  it("EGFR is the target of several approved drugs, and of NSCLC drugs", () => {
    const { index, targets, indications } = load();
    const egfr = index.resolve("EGFR")!;
    const row = approvedDrugFeatures(targets, indications, index).find((r) => r.gene === egfr)!;
    expect(row.raw).toBeGreaterThanOrEqual(5);
    expect(row.score).toBeCloseTo(Math.log(1 + row.raw!) / Math.log(1001), 12);
    expect(
      clinicalPrecedenceFeatures(targets, indications, index).some((r) => r.gene === egfr && r.disease === "DOID:3908"),
    ).toBe(true);
  });

  it("rofecoxib (withdrawn) makes PTGS2 a liability; EGFR has a record without liability", () => {
    const { index, targets } = load();
    const egfr = index.resolve("EGFR")!;
    const rows = safetyLiabilityFeatures(targets, parseWithdrawn(readSharedData(F.withdrawn)), index);
    const ptgs2 = index.resolve("PTGS2")!;
    expect(rows.some((r) => r.gene === ptgs2 && r.feature_name === "withdrawn_drug_target" && r.score === 1)).toBe(
      true,
    );
    expect(rows.filter((r) => r.gene === egfr).map((r) => r.feature_name)).not.toContain("withdrawn_drug_target");
  });

  it("JensenLab links CFTR to cystic fibrosis at full confidence; the hierarchy propagates it up", () => {
    const { index } = load();
    const rows = jensenLabFeatures(parseJensenDiseases(readSharedData(F.jensenlab)), index);
    const cftr = rows.find((r) => r.gene === index.resolve("CFTR") && r.disease === "DOID:1485")!;
    expect(cftr).toMatchObject({ score: 1, raw: 5 });
    const h = new DiseaseHierarchy(parseObo(readSharedData(F.diseaseOntology)));
    expect(h.name("DOID:1485")).toBe("cystic fibrosis");
    expect(h.descendants("DOID:3908").size).toBeGreaterThan(1); // NSCLC has subtypes
    expect(h.ancestors("DOID:3908").has("DOID:1324")).toBe(true); // lung cancer
  });

  it("rheumatoid arthritis: the adjuncts of NSAID packs earn no precedence, its own drug classes keep theirs", () => {
    const { index, targets, indications } = load();
    const h = new DiseaseHierarchy(parseObo(readSharedData(F.diseaseOntology)));
    const ra = "DOID:7148";
    const { features, uncorroborated } = clinicalPrecedence(targets, indications, index, {
      areaOf: (doid) => therapeuticArea(h, doid),
    });
    const credited = (symbol: string) =>
      features.some(
        (r) => r.gene === index.resolve(symbol) && r.disease === ra && r.feature_name === "clinical_precedence",
      );
    // Lansoprazole (proton pump) and esaprazole (muscarinic M3) carry RA only through combination products.
    for (const adjunct of ["ATP4A", "ATP4B", "CHRM3"]) expect(credited(adjunct), adjunct).toBe(false);
    for (const own of ["TNF", "JAK1", "IL6R", "PTGS2", "NR3C1", "DHFR", "MS4A1"]) expect(credited(own), own).toBe(true);
    const atp4a = uncorroborated.find((u) => u.gene === index.resolve("ATP4A") && u.disease === ra)!;
    expect(atp4a.drugs).toEqual(["lansoprazole"]);
    expect(atp4a.reason).toContain("combination product");
    // Without the therapeutic areas the rule is off: every indication is credited, as before.
    expect(
      clinicalPrecedenceFeatures(targets, indications, index).some(
        (r) => r.gene === index.resolve("ATP4A") && r.disease === ra,
      ),
    ).toBe(true);
  });
});
