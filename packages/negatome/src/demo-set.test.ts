import { loadRDKit, type RDKitModule } from "@sieve/chem";
import { beforeAll, describe, expect, it } from "vitest";
import { DRUGCENTRAL_STRUCTURES, readSharedData, WITHDRAWN_DRUG_INFO } from "../test/shared-data";
import { prepareCompound } from "./compound";
import { DEMO_SET, DEMO_TARGETS, demoCandidates } from "./demo-set";
import { FAILURE_CLASSES } from "./failure-classes";
import { parseDrugCentralStructures } from "./loaders/drugcentral";
import { readDelimited } from "./loaders/lines";
import { prepareRecords } from "./prepare";

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

describe("the demo set", () => {
  it("has at least 30 compounds with unique names, valid classes, years and references", () => {
    expect(DEMO_SET.length).toBeGreaterThanOrEqual(30);
    expect(new Set(DEMO_SET.map((c) => c.name)).size).toBe(DEMO_SET.length);
    for (const compound of DEMO_SET) {
      expect(FAILURE_CLASSES).toContain(compound.failure_class);
      expect(compound.year).toBeGreaterThan(1950);
      expect(compound.reason.length).toBeGreaterThan(10);
      expect(compound.reference.length).toBeGreaterThan(10);
    }
  });

  it("includes the issue's examples with their targets", () => {
    const target = (name: string) => DEMO_SET.find((c) => c.name === name)?.target;
    expect([target("rofecoxib"), target("torcetrapib"), target("terfenadine")]).toEqual(["P35354", "P11597", "P35367"]);
    expect(DEMO_SET.find((c) => c.name === "terfenadine")?.liabilities).toEqual(["Q12809"]);
    for (const name of ["troglitazone", "cerivastatin"]) expect(DEMO_SET.some((c) => c.name === name)).toBe(true);
  });

  it("prepares into records labelled demo, every SMILES parsing, InChIKeys unique", () => {
    const { records, rejected } = prepareRecords(rdkit, demoCandidates());
    expect(rejected).toEqual([]);
    expect(records).toHaveLength(DEMO_SET.length);
    expect(
      records.every((r) => r.source === "demo" && r.confidence_tier === "gold" && r.evidence.dataset.includes("demo")),
    ).toBe(true);
    expect(new Set(records.map((r) => r.compound_inchi_key)).size).toBe(records.length);
  });
});

const drugCentral = readSharedData(DRUGCENTRAL_STRUCTURES);
const drugInfo = readSharedData(WITHDRAWN_DRUG_INFO);
const hgnc = readSharedData("hgnc/hgnc_mapper.tsv");

const inchiKeyOf = (smiles: string) => {
  const compound = prepareCompound(rdkit, smiles);
  return compound.ok ? compound.inchi_key : null;
};

/**
 * InChIKeys by lower-case drug name: DrugCentral by INN, withDRAWN (computed from its SMILES) by every name it lists.
 */
function sourceKeys(): Map<string, { source: string; key: string }[]> {
  const keys = new Map<string, { source: string; key: string }[]>();
  const add = (name: string, source: string, key: string | null) =>
    key && keys.set(name, [...(keys.get(name) ?? []), { source, key }]);
  const wanted = new Set(DEMO_SET.map((c) => c.name));
  for (const s of parseDrugCentralStructures(drugCentral))
    if (wanted.has(s.name.toLowerCase())) add(s.name.toLowerCase(), "DrugCentral", s.inchiKey);
  const { header, rows } = readDelimited(drugInfo, ",");
  const [smilesColumn, nameColumn] = [header.indexOf("smiles"), header.indexOf("name")];
  for (const { fields } of rows) {
    const name = (fields[nameColumn] ?? "")
      .split("_")
      .map((n) => n.toLowerCase())
      .find((n) => wanted.has(n));
    if (name && fields[smilesColumn]) add(name, "withDRAWN", inchiKeyOf(fields[smilesColumn]));
  }
  return keys;
}

describe("demo structures against DrugCentral 2023 and withDRAWN", () => {
  it("equal a source's InChIKey, and every source's connectivity, for each demo drug they have", () => {
    const keys = sourceKeys();
    const problems = DEMO_SET.filter((c) => keys.has(c.name)).flatMap((c) => {
      const ours = inchiKeyOf(c.smiles) ?? "";
      const theirs = keys.get(c.name)!;
      const full = theirs.some(({ key }) => key === ours);
      const skeleton = theirs.every(({ key }) => key.slice(0, 14) === ours.slice(0, 14));
      return full && skeleton
        ? []
        : [`${c.name}: ours ${ours}, ${theirs.map(({ source, key }) => `${source} ${key}`).join(", ")}`];
    });
    const stereoOnly = DEMO_SET.filter((c) => new Set(keys.get(c.name)?.map(({ key }) => key)).size > 1).map(
      (c) => c.name,
    );
    console.info(
      `Demo set: ${keys.size} of ${DEMO_SET.length} drugs in DrugCentral or withDRAWN, ${keys.size - problems.length} agree; ` +
        `sources differ in stereo only for ${stereoOnly.join(", ") || "none"}; in neither: ${DEMO_SET.filter(
          (c) => !keys.has(c.name),
        )
          .map((c) => c.name)
          .join(", ")}`,
    );
    expect(keys.size).toBeGreaterThanOrEqual(30);
    expect(problems).toEqual([]);
  });
});

describe("demo targets against HGNC", () => {
  it("names each UniProt accession by the gene symbol HGNC gives it", () => {
    const { header, rows } = readDelimited(hgnc, "\t");
    const [symbol, uniprot] = [header.indexOf("Approved symbol"), header.indexOf("UniProt ID(supplied by UniProt)")];
    const symbolOf = new Map(rows.map(({ fields }) => [fields[uniprot] ?? "", fields[symbol] ?? ""]));
    for (const [gene, accession] of Object.entries(DEMO_TARGETS)) expect(symbolOf.get(accession), accession).toBe(gene);
    const used = DEMO_SET.flatMap((c) => [c.target, ...(c.liabilities ?? [])]).filter((a): a is string => a !== null);
    expect(used.every((a) => (Object.values(DEMO_TARGETS) as string[]).includes(a))).toBe(true);
  });
});
