import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseObo, type DiseaseTerm } from "./disease-ontology";
import {
  parseDrugCentral,
  parseDrugIndications,
  parsePharmacologicalClasses,
  type DrugCentralDrug,
  type DrugIndication,
  type PharmacologicalClass,
} from "./drugcentral";
import { parseChemblDrugNames, withChemblNames } from "./chembl-drug-names";
import { parseChemblTargets, type ChemblTarget } from "./chembl-targets";
import { parseHgnc, type HgncGene } from "./hgnc";
import { parseJensenDiseases, type GeneDiseaseAssociation } from "./jensenlab";
import { parseGeneInfo, type NcbiGene } from "./ncbi-gene";

export interface ReferenceData {
  genes: HgncGene[];
  /** NCBI Gene `gene_info` rows of every organism file present (aliases and full names; mouse and rat genes). */
  ncbiGenes: NcbiGene[];
  /** ChEMBL single-protein target names by UniProt accession (protein names for HGNC genes). */
  proteinNames: ChemblTarget[];
  diseases: DiseaseTerm[];
  drugs: DrugCentralDrug[];
  /** MeSH pharmacological-action classes (drug classes as chemical concepts). */
  drugClasses: PharmacologicalClass[];
  /** DrugCentral approved indications (used as "known treatment" knowledge by relation models). */
  indications: DrugIndication[];
  /** JensenLab DISEASES curated gene–disease associations ("known association" knowledge). */
  geneDiseases: GeneDiseaseAssociation[];
}

/** Relative paths of the reference files, in the layout of the shared data folder. */
export const REFERENCE_FILES = {
  hgnc: "hgnc/hgnc_mapper.tsv",
  chemblTargets: "chembl_uniprot/chembl_uniprot_mapping.txt",
  diseaseOntology: "disease_ontology/HumanDO.obo",
  drugcentralIdentifiers: "drugcentral/identifiers.tsv",
  drugcentralStructures: "drugcentral/structures.smiles.tsv",
  drugcentralIndications: "drugcentral/drug_indication.tsv",
  drugcentralClasses: "drugcentral/pharm_class.tsv",
  /** ChEMBL's names and trade names of drugs (withDRAWN), joined to DrugCentral drugs by ChEMBL id. */
  chemblDrugNames: "withdrawn/drug_info.csv",
  jensenDiseases: "jensenlab_diseases/human_disease_knowledge_filtered.tsv",
  /** A folder of NCBI Gene `<Organism>.gene_info` files (optional). */
  ncbiGeneInfo: "ncbi_gene",
} as const;

export interface LoadReferenceOptions {
  /**
   * Folders of NCBI Gene `<Organism>.gene_info` files outside the reference folder, read after its own `ncbi_gene`:
   * e.g. the human genes' aliases and full names exported from Bioconductor's org.Hs.eg.db
   * (scripts/gene-info-debian.sh), which the HGNC table of the shared data lacks ("MLL3", "CHX10", "GPR56").
   */
  geneInfoDirs?: string[];
}

/**
 * Reads and parses the reference files under `dir` (a path or file: URL). A missing file gives an
 * empty list for that source, so a deployment can ship only some of them; call again to reload.
 */
export function loadReferenceDir(dir: string | URL, options: LoadReferenceOptions = {}): ReferenceData {
  const root = typeof dir === "string" ? dir : fileURLToPath(dir);
  const read = (rel: string) => {
    const path = join(root, rel);
    return existsSync(path) ? readFileSync(path, "utf8") : null;
  };
  const hgnc = read(REFERENCE_FILES.hgnc);
  const chembl = read(REFERENCE_FILES.chemblTargets);
  const obo = read(REFERENCE_FILES.diseaseOntology);
  const identifiers = read(REFERENCE_FILES.drugcentralIdentifiers);
  const structures = read(REFERENCE_FILES.drugcentralStructures);
  const indications = read(REFERENCE_FILES.drugcentralIndications);
  const jensen = read(REFERENCE_FILES.jensenDiseases);
  const classes = read(REFERENCE_FILES.drugcentralClasses);
  const chemblNames = read(REFERENCE_FILES.chemblDrugNames);
  const geneInfoFiles = [join(root, REFERENCE_FILES.ncbiGeneInfo), ...(options.geneInfoDirs ?? [])].flatMap((folder) =>
    existsSync(folder)
      ? readdirSync(folder)
          .filter((f) => f.endsWith(".gene_info"))
          .sort()
          .map((f) => join(folder, f))
      : [],
  );
  return {
    genes: hgnc ? parseHgnc(hgnc) : [],
    ncbiGenes: geneInfoFiles.flatMap((f) => parseGeneInfo(readFileSync(f, "utf8"))),
    proteinNames: chembl ? parseChemblTargets(chembl).filter((t) => t.type === "SINGLE PROTEIN") : [],
    diseases: obo ? parseObo(obo) : [],
    drugs: identifiers
      ? withChemblNames(
          parseDrugCentral(identifiers, structures ?? ""),
          chemblNames ? parseChemblDrugNames(chemblNames) : new Map(),
        )
      : [],
    drugClasses: classes ? parsePharmacologicalClasses(classes) : [],
    indications: indications ? parseDrugIndications(indications) : [],
    geneDiseases: jensen ? parseJensenDiseases(jensen) : [],
  };
}
