/**
 * The shapes the literature store keeps (issue 7): documents, passages and sentences with character
 * offsets, entity mentions normalised to ids, and triples that always point back to their sentence.
 * Offsets are UTF-16 code-unit offsets into `LiteratureDocument.text`, end exclusive (as PubTator).
 */

export type EntityType = "gene" | "disease" | "chemical";

/** Where an annotation came from: imported from a corpus (gold) or produced by Sieve (extracted). */
export type Provenance = "gold" | "extracted";

export interface LiteratureDocument {
  source: string;
  external_id: string;
  title: string;
  year: number | null;
  venue: string | null;
  license: string | null;
  url: string | null;
  /** Title, one newline, abstract: PubTator offsets (abstract starts one character after the title) stay valid. */
  text: string;
}

/** Cross-references of a normalised entity; `mesh` and, for genes, `ncbigene` whenever known. */
export interface EntityXrefs {
  mesh?: string;
  ncbigene?: string;
  hgnc?: string;
  uniprot?: string;
  ensembl?: string;
  doid?: string;
  chembl?: string;
  drugcentral?: string;
}

export interface Sentence {
  index: number;
  start: number;
  end: number;
}

export interface Passage {
  passage_id: string;
  index: number;
  start: number;
  end: number;
  text: string;
  sentences: Sentence[];
}

export interface Mention {
  start: number;
  end: number;
  text: string;
  type: EntityType;
  /** Normalised id as a CURIE: HGNC:…, NCBIGene:…, DOID:…, MESH:…, CHEMBL… */
  id: string;
  /** Preferred name of the concept (HGNC symbol, DO name, drug name or the most frequent corpus name). */
  name: string;
  xrefs: EntityXrefs;
  provenance: Provenance;
  /** How the mention was found: dictionary match, or short form propagated from an abbreviation definition. */
  method: "dictionary" | "abbreviation" | "gold";
}

export interface EntityRef {
  name: string;
  type: EntityType;
  id: string;
  xrefs: EntityXrefs;
}

/** Relation types a trigger word names (relations/cues.ts). */
export type TriggeredRelation =
  "associated_with" | "causes" | "treats" | "inhibits" | "activates" | "binds" | "biomarker_of";

/**
 * Relation types read from the trigger and the pair: `therapeutic_target_for` is what a treatment trigger says between
 * a gene and a disease ("JAK1 inhibitors improved outcomes in RA"), for a gene does not treat a disease;
 * `agonist_of` and `antagonist_of` are the receptor pharmacology a chemical–gene "agonist" / "antagonist" trigger
 * names, more precise than the activates / inhibits those words otherwise give.
 */
export type RelationType = TriggeredRelation | "therapeutic_target_for" | "agonist_of" | "antagonist_of";

/** Extraction gives positive or negative; "neutral" (hedged) is what extraction before method version 3 stored. */
export type Polarity = "positive" | "negative" | "neutral";

export interface Triple {
  tri_id: string;
  head: EntityRef;
  relation: RelationType;
  tail: EntityRef;
  polarity: Polarity;
  /**
   * Calibrated probability that the sentence states a relation between head and tail (see relations/evidence-model.ts).
   */
  evidence_score: number;
  /**
   * Calibrated probability that the document states this relation between head and tail (see
   * relations/confidence.ts): what the API's `min_confidence` filters on. Gold triples carry 1.
   */
  confidence: number;
  /** Sentences of the document that state (head, relation, tail); `sentence` is the one with the best evidence. */
  supporting_sentences: number;
  passage_id: string;
  /** The sentence the triple came from (document offsets). */
  sentence: Sentence;
  /** The trigger word or phrase that chose the relation type, if any. */
  trigger: string | null;
  method: string;
  provenance: Provenance;
  /**
   * Qualifiers of the statement. Extracted triples: `negation_cue` and `speculation_cue`, the NegEx-style cue in the
   * best sentence's scope, else null: a negation cue ("did not") makes the polarity negative, a speculation cue
   * ("may") leaves it positive and lowers the confidence; `basis:
   * "document"` on a document-level triple (a pair no sentence names together, `supporting_sentences` 0, shown at
   * the tail's sentence nearest the head). Gold triples: the corpus's relation type.
   */
  attributes: Record<string, unknown>;
}
