export type * from "./types";
export {
  parsePubTator,
  pubTatorChunks,
  PubTatorFormatError,
  toLiteratureDocument,
  goldMentions,
  entityTypeOf,
  splitIds,
} from "./pubtator";
export type { PubTatorDocument, GoldMention, GoldRelation } from "./pubtator";
export { splitSentences } from "./sentences";
export { buildPassages } from "./passages";
export type { PassageOptions } from "./passages";

export { parseHgnc } from "./reference/hgnc";
export type { HgncGene } from "./reference/hgnc";
export { parseObo } from "./reference/disease-ontology";
export type { DiseaseTerm, SynonymScope } from "./reference/disease-ontology";
export { parseDrugCentral } from "./reference/drugcentral";
export type { DrugCentralDrug } from "./reference/drugcentral";
export { loadReferenceDir, REFERENCE_FILES, type LoadReferenceOptions } from "./reference/load";
export type { ReferenceData } from "./reference/load";

export { buildDictionary, DEFAULT_STOP_WORDS } from "./ner/build";
export type { DictionaryOptions, TrainingCorpus } from "./ner/build";
export { addConcept, addName, addStopWord, blockName, createDictionary } from "./ner/dictionary";
export type { Concept, Dictionary, DictionaryEntry, NameSource } from "./ner/dictionary";
export { addCorpusNames, pruneByCorpus } from "./ner/corpus-names";
export type { PruneOptions } from "./ner/corpus-names";
export { matchDictionary } from "./ner/tagger";
export type { DictionaryMatch } from "./ner/tagger";
export { tagMentions } from "./ner/tag-document";
export { findAbbreviations, bestLongForm } from "./ner/abbreviations";
export type { AbbreviationDefinition } from "./ner/abbreviations";
export { dominantSpecies } from "./ner/species";
export type { Species } from "./ner/species";
export { tokenize, nameKey, isSymbolLike } from "./ner/tokens";

export { sentenceCandidates, pairKind } from "./relations/candidates";
export type { PairCandidate, PairKind } from "./relations/candidates";
export { readCandidate } from "./relations/features";
export type { CandidateReading } from "./relations/features";
export { findTrigger, isNegated, isSpeculative, polarityOf, TRIGGERS, RELATIONS_FOR_PAIR } from "./relations/cues";
export type { TriggerHit } from "./relations/cues";
export { fitLogistic, predictLogistic, sigmoid } from "./relations/logistic";
export type { Features, LogisticModel, FitOptions } from "./relations/logistic";
export { documentPairs } from "./relations/document-relations";
export type { DocumentInput, DocumentPair, DocumentPairOptions } from "./relations/document-relations";
export { buildPriors, priorFeatures } from "./relations/priors";
export type { RelationPriors, PriorDocument } from "./relations/priors";
export {
  fitDocumentRelationModel,
  scoreDocumentPairs,
  predictDocumentRelations,
  bestThreshold,
  thresholdToThreeDecimals,
  corpusKey,
} from "./relations/document-model";
export type {
  DocumentRelationModel,
  LabelledDocument,
  ScoredPair,
  DocumentModelOptions,
} from "./relations/document-model";
export { sentenceEvidence } from "./relations/evidence-model";
export type { SentenceEvidence } from "./relations/evidence-model";
export { EVIDENCE_WEIGHTS } from "./relations/evidence-weights";
export { extractDocument, EXTRACTION_METHOD } from "./extract";
export type { ExtractOptions, Extraction } from "./extract";
export { Bm25Index } from "./search/bm25";
export type { Bm25Options, IndexedPassage, SearchQuery, SearchHit } from "./search/bm25";
export { analyze, sStem, STOP_WORDS } from "./search/analyzer";
export type { AnalyzedTerm } from "./search/analyzer";
export { harmonicSum } from "./scoring/harmonic";
export { targetPrior, MECHANISTIC_RELATIONS, CLINICAL_RELATIONS } from "./scoring/prior";
export type { PriorEvidence, TargetPrior } from "./scoring/prior";
export { compositeScore, DEFAULT_COMPOSITE_WEIGHTS } from "./scoring/composite";
export type { CompositeSignals, CompositeWeights, CompositeScore } from "./scoring/composite";
export { comentionNovelty } from "./scoring/novelty";
export type { Novelty, NoveltyOptions } from "./scoring/novelty";
export { noveltyCueFeatures } from "./relations/novelty-cues";
export {
  indicationPairs,
  geneDiseasePairs,
  knownPairFeatures,
  meshAncestors,
  referenceKnowledge,
} from "./relations/knowledge";
export { parseJensenDiseases } from "./reference/jensenlab";
export type { GeneDiseaseAssociation } from "./reference/jensenlab";
export { parseDrugIndications, parsePharmacologicalClasses } from "./reference/drugcentral";
export type { DrugIndication, PharmacologicalClass } from "./reference/drugcentral";
export { parseChemblTargets } from "./reference/chembl-targets";
export type { ChemblTarget } from "./reference/chembl-targets";
export { fitIsotonic, calibrate, reliability } from "./relations/isotonic";
export type { CalibrationTable } from "./relations/isotonic";
export {
  documentConfidences,
  knowledgeOptions,
  pairConfidence,
  rawPairScores,
  serializePriors,
} from "./relations/confidence";
export type { ConfidenceModel, PairConfidenceModel, PairKnowledge, SerializedPriors } from "./relations/confidence";
export { CONFIDENCE_MODEL } from "./relations/confidence-weights";
