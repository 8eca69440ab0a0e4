/** The shared data files (relative to `../shared/data`) that target reference features are built from. */
export const TARGET_REFERENCE_FILES = {
  hgnc: "hgnc/hgnc_mapper.tsv",
  diseaseOntology: "disease_ontology/HumanDO.obo",
  drugTargets: "drugcentral/drug_target.tsv",
  drugIndications: "drugcentral/drug_indication.tsv",
  withdrawn: "withdrawn/drug_info.csv",
  jensenlab: "jensenlab_diseases/human_disease_knowledge_filtered.tsv",
  stringNsclc: "string_ppi/nsclc_string_interactions.tsv",
  stringAlzheimers: "string_ppi/alzheimers_string_interactions.tsv",
} as const;
