import { describe, expect, it } from "vitest";
import { geneDiseasePairs, indicationPairs, meshAncestors } from "../relations/knowledge";
import { parseChemblTargets } from "./chembl-targets";
import type { DiseaseTerm } from "./disease-ontology";
import { parseDrugIndications, parsePharmacologicalClasses } from "./drugcentral";
import { parseJensenDiseases } from "./jensenlab";

const term = (id: string, name: string, mesh: string | null, is_a: string[] = []): DiseaseTerm => ({
  id,
  name,
  synonyms: [],
  xrefs: mesh ? [`MSH:${mesh}`] : [],
  mesh,
  is_a,
  alt_ids: [],
});
const diseases = [
  term("DOID:4", "disease", null),
  term("DOID:1287", "cardiovascular system disease", "D002318", ["DOID:4"]),
  term("DOID:10763", "hypertension", "D006973", ["DOID:1287"]),
  term("DOID:2089", "constipation", "D003248", ["DOID:4"]),
];

describe("DrugCentral indications and pharmacological classes", () => {
  it("reads indications with and without DOIDs", () => {
    const text = [
      "DRUG_ID\tDRUG_NAME\tINDICATION_FDB\tUMLS_CUI\tSNOMEDCT_CUI\tDOID",
      "3014\tbemotrizinol\tSunscreen agent\tC0038818\t49663007\t",
      "2038\toxyphenisatine\tConstipation\tC0009806\t14760008\tDOID:2089",
    ].join("\n");
    expect(parseDrugIndications(text)).toEqual([
      { drugcentral_id: "3014", drug_name: "bemotrizinol", indication: "Sunscreen agent", doid: null },
      { drugcentral_id: "2038", drug_name: "oxyphenisatine", indication: "Constipation", doid: "DOID:2089" },
    ]);
  });

  it("keeps distinct MeSH pharmacological actions only", () => {
    const text = [
      "DRUG_ID\tDRUG_NAME\tTYPE\tCLASS_SOURCE_ID\tCLASS\tSOURCE",
      "719\tclotrimazole\tPA\tD058888\t14-alpha Demethylase Inhibitors\tMeSH",
      "983\teconazole\tPA\tD058888\t14-alpha Demethylase Inhibitors\tMeSH",
      "983\teconazole\tEPC\tN0000175487\tAzole Antifungal\tFDA",
    ].join("\n");
    expect(parsePharmacologicalClasses(text)).toEqual([{ mesh: "D058888", name: "14-alpha Demethylase Inhibitors" }]);
  });

  it("turns indications into (drug MeSH, disease MeSH) known-treatment pairs via the DOID's MeSH xref", () => {
    const pairs = indicationPairs({
      drugs: [
        { drugcentral_id: "2038", name: "oxyphenisatine", synonyms: [], mesh: "D010107", chembl: null, smiles: null },
      ],
      diseases,
      indications: [
        { drugcentral_id: "2038", drug_name: "oxyphenisatine", indication: "Constipation", doid: "DOID:2089" },
      ],
    });
    expect([...pairs]).toEqual(["D010107\tD003248"]);
  });
});

describe("Disease Ontology hierarchy", () => {
  it("collects MeSH ancestors through terms without MeSH", () => {
    const a = meshAncestors(diseases);
    expect([...a.get("D006973")!]).toEqual(["D002318"]);
    expect([...a.get("D003248")!]).toEqual([]);
  });
});

describe("gene–disease and protein-name sources", () => {
  it("reads JensenLab DISEASES rows and maps them to (NCBI Gene, MeSH) pairs", () => {
    const rows = parseJensenDiseases(
      "ENSP00000001146\tCYP26B1\tDOID:10763\tHypertension\tUniProtKB-KW\tCURATED\t4\nbad line",
    );
    expect(rows).toEqual([
      { symbol: "CYP26B1", doid: "DOID:10763", disease: "Hypertension", source: "UniProtKB-KW", confidence: 4 },
    ]);
    const genes = [
      {
        hgnc_id: "HGNC:20581",
        symbol: "CYP26B1",
        name: null,
        aliases: [],
        previous_symbols: [],
        ncbigene: "56603",
        ensembl: null,
        uniprot: [],
      },
    ];
    expect([...geneDiseasePairs({ genes, diseases, geneDiseases: rows })]).toEqual(["56603\tD006973"]);
  });

  it("reads the ChEMBL target list, skipping the comment line", () => {
    expect(
      parseChemblTargets("# chembl_30 target list\nP19091\tCHEMBL3056\tAndrogen Receptor\tSINGLE PROTEIN\n"),
    ).toEqual([{ uniprot: "P19091", chembl: "CHEMBL3056", name: "Androgen Receptor", type: "SINGLE PROTEIN" }]);
  });
});
