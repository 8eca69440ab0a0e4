import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { requireSharedData, SHARED_DATA_DIR } from "@sieve/testing";
import { parseObo } from "./disease-ontology";
import { parseChemblDrugNames, withChemblNames } from "./chembl-drug-names";
import { parseDrugCentral } from "./drugcentral";
import { parseHgnc } from "./hgnc";
import { loadReferenceDir } from "./load";
import { parseGeneInfo } from "./ncbi-gene";
import { buildDictionary } from "../ner/build";
import { tagMentions } from "../ner/tag-document";

describe("parseHgnc", () => {
  it("reads the shared table's columns by name, splitting multi-valued UniProt cells", () => {
    const text = [
      "HGNC ID\tApproved symbol\tRefSeq IDs\tNCBI Gene ID\tEnsembl gene ID\tUniProt ID(supplied by UniProt)",
      "HGNC:5\tA1BG\tNM_130786\t1\tENSG00000121410\tP04217",
      "HGNC:377\tAKAP7\tNM_004842\t9465\tENSG00000118507\tO43687, Q9P0M2",
      "HGNC:6\tA1S9T\t\t\t\t",
    ].join("\n");
    const genes = parseHgnc(text);
    expect(genes[0]).toEqual({
      hgnc_id: "HGNC:5",
      symbol: "A1BG",
      name: null,
      aliases: [],
      previous_symbols: [],
      ncbigene: "1",
      ensembl: "ENSG00000121410",
      uniprot: ["P04217"],
    });
    expect(genes[1]!.uniprot).toEqual(["O43687", "Q9P0M2"]);
    expect(genes[2]!.ncbigene).toBeNull();
  });

  it("reads aliases and previous symbols when the full HGNC export has them", () => {
    const text = [
      "hgnc_id\tsymbol\tname\talias_symbol\tprev_symbol\tentrez_id",
      "HGNC:1097\tBRAF\tB-Raf proto-oncogene\tBRAF1|RAFB1\tBRAF1\t673",
    ].join("\n");
    expect(parseHgnc(text)[0]).toMatchObject({
      symbol: "BRAF",
      name: "B-Raf proto-oncogene",
      aliases: ["BRAF1", "RAFB1"],
      previous_symbols: ["BRAF1"],
      ncbigene: "673",
    });
  });
});

describe("parseGeneInfo", () => {
  it("reads NCBI Gene's gene_info export: the #tax_id header, '-' for empty and '|' lists", () => {
    const text = [
      "#tax_id\tGeneID\tSymbol\tLocusTag\tSynonyms\tdbXrefs\tchromosome\tmap_location\tdescription\ttype_of_gene\tSymbol_from_nomenclature_authority\tFull_name_from_nomenclature_authority\tNomenclature_status\tOther_designations\tModification_date\tFeature_type",
      "9606\t8878\tSQSTM1\t-\tA170|OSIL|p60|p62|p62B\tMIM:601530|HGNC:HGNC:11280\t5\t5q35.3\tsequestosome 1\tprotein-coding\tSQSTM1\tsequestosome 1\tO\tsequestosome-1|EBI3-associated protein of 60 kDa\t20240101\t-",
      "10090\t20848\tStat3\t-\tAprf|1110034C02Rik\tMGI:MGI:103038\t11\t11 D\tsignal transducer and activator of transcription 3\tprotein-coding\tStat3\t-\tO\t-\t20240101\t-",
    ].join("\n");
    expect(parseGeneInfo(text)).toEqual([
      {
        taxon: "9606",
        ncbigene: "8878",
        symbol: "SQSTM1",
        synonyms: ["A170", "OSIL", "p60", "p62", "p62B"],
        name: "sequestosome 1",
        other_designations: ["sequestosome-1", "EBI3-associated protein of 60 kDa"],
      },
      {
        taxon: "10090",
        ncbigene: "20848",
        symbol: "Stat3",
        synonyms: ["Aprf", "1110034C02Rik"],
        name: "signal transducer and activator of transcription 3",
        other_designations: [],
      },
    ]);
  });
});

describe("parseObo", () => {
  const obo = [
    "format-version: 1.2",
    "",
    "[Term]",
    "id: DOID:0001816",
    "name: angiosarcoma",
    'synonym: "hemangiosarcoma" EXACT []',
    'synonym: "HAS" RELATED [NCI:C3088]',
    "xref: NCI:C3088",
    "xref: MSH:C537243",
    "xref: MSH:D006394",
    "is_a: DOID:1115 ! sarcoma",
    "",
    "[Term]",
    "id: DOID:9999",
    "name: obsolete thing",
    "is_obsolete: true",
    "",
    "[Typedef]",
    "id: part_of",
    "name: part of",
  ].join("\n");

  it("reads names, scoped synonyms, MeSH xrefs (the descriptor first) and is_a, and skips obsolete terms and typedefs", () => {
    expect(parseObo(obo)).toEqual([
      {
        id: "DOID:0001816",
        name: "angiosarcoma",
        synonyms: [
          { text: "hemangiosarcoma", scope: "EXACT" },
          { text: "HAS", scope: "RELATED" },
        ],
        xrefs: ["NCI:C3088", "MSH:C537243", "MSH:D006394"],
        mesh: "D006394",
        is_a: ["DOID:1115"],
        alt_ids: [],
      },
    ]);
  });
});

describe("parseDrugCentral", () => {
  it("joins identifiers and structures on DRUG_ID, preferring MeSH descriptors over supplementary records", () => {
    const identifiers = [
      "DRUG_ID\tDRUG_NAME\tID_TYPE\tIDENTIFIER",
      '5136\t"cediranib"\t"MESH_SUPPLEMENTAL_RECORD_UI"\t"C503302"',
      '5136\t"cediranib"\t"ChEMBL_ID"\t"CHEMBL491473"',
      '1\t"lidocaine"\t"MESH_SUPPLEMENTAL_RECORD_UI"\t"C000001"',
      '1\t"lidocaine"\t"MESH_DESCRIPTOR_UI"\t"D008012"',
    ].join("\n");
    const structures = [
      "SMILES\tInChI\tInChIKey\tID\tINN\tCAS_RN",
      "CCN(CC)CC(=O)Nc1c(C)cccc1C\tx\ty\t1\tlignocaine\t137-58-6",
    ].join("\n");
    const drugs = parseDrugCentral(identifiers, structures);
    expect(drugs.find((d) => d.drugcentral_id === "5136")).toMatchObject({
      name: "cediranib",
      mesh: "C503302",
      chembl: "CHEMBL491473",
    });
    expect(drugs.find((d) => d.drugcentral_id === "1")).toMatchObject({
      name: "lidocaine",
      synonyms: ["lignocaine"],
      mesh: "D008012",
      smiles: "CCN(CC)CC(=O)Nc1c(C)cccc1C",
    });
  });
});

describe("ChEMBL drug names", () => {
  it("reads withDRAWN's underscore-joined names by ChEMBL id and adds the new ones to the DrugCentral drug", () => {
    const csv = [
      ",atc,smiles,name,,",
      'CHEMBL1515,H03BB02_,CN1C=CNC1=S,"Methimazole_Tapazole_Thiamazole_Strumazol, forte_",,',
      "CHEMBL79,N01BB02_,CCN(CC)CC(=O)Nc1c(C)cccc1C,Lidocaine_Xylocaine_,,",
    ].join("\n");
    const names = parseChemblDrugNames(csv);
    expect(names.get("CHEMBL1515")).toEqual(["Methimazole", "Tapazole", "Thiamazole", "Strumazol, forte"]);
    const [thiamazole] = withChemblNames(
      [
        {
          drugcentral_id: "1745",
          name: "thiamazole",
          synonyms: [],
          mesh: "D008713",
          chembl: "CHEMBL1515",
          smiles: null,
        },
      ],
      names,
    );
    expect(thiamazole!.synonyms).toEqual(["Methimazole", "Tapazole", "Strumazol, forte"]);
  });
});

describe("loadReferenceDir on the shared data", () => {
  beforeAll(() =>
    requireSharedData("hgnc/hgnc_mapper.tsv", "disease_ontology/HumanDO.obo", "drugcentral/identifiers.tsv"),
  );
  it("loads 47,837 HGNC rows, the 6,570 live DO terms (8,944 minus 2,374 obsolete) and DrugCentral drugs with MeSH ids", () => {
    const ref = loadReferenceDir(SHARED_DATA_DIR);
    expect(ref.genes).toHaveLength(47837);
    expect(ref.genes.find((g) => g.symbol === "EGFR")).toMatchObject({ ncbigene: "1956", uniprot: ["P00533"] });
    expect(ref.diseases).toHaveLength(8944 - 2374);
    expect(ref.drugs.find((d) => d.name === "lidocaine")?.mesh).toBe("D008012");
  });

  it("names DrugCentral drugs also by ChEMBL's names for them (withDRAWN drug_info.csv), not by the INN alone", () => {
    requireSharedData("withdrawn/drug_info.csv");
    // CDR Dev 6115999: bendrofluazide is the British name of bendroflumethiazide (INN), MeSH D001539; CDR relates it
    // to the impotence the trial reports.
    const title = "Adverse reactions to bendrofluazide and propranolol for the treatment of mild hypertension.";
    const chemicals = tagMentions(title, buildDictionary(loadReferenceDir(SHARED_DATA_DIR)))
      .filter((m) => m.type === "chemical")
      .map((m) => [m.text, m.xrefs.mesh]);
    expect(chemicals).toEqual([
      ["bendrofluazide", "D001539"],
      ["propranolol", "D011433"],
    ]);
  });

  it("reads gene_info files from folders outside the reference folder, so the tagger knows human aliases", () => {
    // BioRED dev PMID 26684240: "MLL3" is the previous symbol of KMT2C (NCBI Gene 58508), which the shared HGNC
    // table (no aliases) does not name; the row is the one scripts/gene-info-debian.sh exports from org.Hs.eg.db.
    const sentence =
      "Among 12 GEP-NETs, eight showed mutations of more than one cancer-related gene, including TP53, CNBD1, RB1, " +
      "APC, BCOR, BRAF, CTNNB1, EGFR, EP300, ERBB3, KDM6A, KRAS, MGA, MLL3, PTEN, RASA1, SMARCB1, SPEN, TBC1D12, and VHL.";
    const folder = mkdtempSync(join(tmpdir(), "sieve-gene-info-"));
    try {
      writeFileSync(
        join(folder, "Homo_sapiens.gene_info"),
        [
          "#tax_id\tGeneID\tSymbol\tSynonyms\tFull_name_from_nomenclature_authority",
          "9606\t58508\tKMT2C\tHALR|KLEFS2|MLL3\tlysine methyltransferase 2C",
        ].join("\n") + "\n",
      );
      const geneIdOf = (ref: ReturnType<typeof loadReferenceDir>) =>
        tagMentions(sentence, buildDictionary(ref)).find((m) => m.text === "MLL3")?.xrefs.ncbigene;
      expect(geneIdOf(loadReferenceDir(SHARED_DATA_DIR))).toBeUndefined();
      const ref = loadReferenceDir(SHARED_DATA_DIR, { geneInfoDirs: [folder] });
      expect(ref.ncbiGenes).toHaveLength(1);
      expect(geneIdOf(ref)).toBe("58508");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
