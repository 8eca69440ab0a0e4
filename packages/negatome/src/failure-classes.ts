/**
 * What a negatome record says went wrong, and how much we trust it.
 *
 * Failure classes follow the attrition categories used in drug-discovery reviews (Kola & Landis,
 * Nat Rev Drug Discov 2004, 3:711; Waring et al., Nat Rev Drug Discov 2015, 14:475): a compound
 * fails because it does not bind its target, is unsafe, does not dissolve, does not work in
 * patients, or does not reach or stay at its site of action. Safety subtypes (organ systems) are
 * kept beside the class as categories, in the vocabulary of withDRAWN's "Overall toxicity
 * category" column (Onitsuka et al.; github.com/schlessinger-lab/withDRAWN) with its typos fixed.
 */
export const FAILURE_CLASSES = ["BINDING", "SAFETY", "SOLUBILITY", "EFFICACY", "PK", "UNSPECIFIED"] as const;
export type FailureClass = (typeof FAILURE_CLASSES)[number];

export const FAILURE_CLASS_DESCRIPTIONS: Record<FailureClass, string> = {
  BINDING: "does not bind (or does not selectively engage) the intended target",
  SAFETY: "toxicity or adverse events: clinical-trial failure for toxicity or withdrawal from the market for safety",
  SOLUBILITY: "insufficient solubility or a less soluble solid form that defeats the formulation",
  EFFICACY: "engages the target but shows no clinical benefit (lack of efficacy, futility)",
  PK: "pharmacokinetics: absorption, exposure, half-life or metabolic drug-drug interactions",
  UNSPECIFIED: "failed or withdrawn, but the source records no reason",
};

/**
 * Confidence tiers after NegBioDB's tiered negative evidence (gold / silver / bronze), which ranks
 * negative results by how directly they were established.
 */
export const CONFIDENCE_TIERS = ["gold", "silver", "bronze"] as const;
export type ConfidenceTier = (typeof CONFIDENCE_TIERS)[number];

export const CONFIDENCE_TIER_DESCRIPTIONS: Record<ConfidenceTier, string> = {
  gold: "regulatory withdrawal or clinical failure with a documented reason (withDRAWN with a reason, demo entries with a public reference)",
  silver: "curated data-set label without a stated mechanism (ClinTox CT_TOX = 1, withdrawn flag without a reason)",
  bronze:
    "weak or contested: user-contributed, computational (predicted), or contradicted by an approval (ClinTox rows both FDA-approved and CT_TOX = 1)",
};

/** Organ-system categories of a safety failure (withDRAWN's vocabulary, spelling corrected). */
export const SAFETY_CATEGORIES = [
  "hepatologic",
  "cardiovascular",
  "neuropsychiatric",
  "hematologic",
  "immunologic",
  "dermatologic",
  "nephrologic",
  "metabolic",
  "gastrointestinal",
  "respiratory",
  "ophthalmic",
  "carcinogenicity",
  "birth defects",
  "drug interaction",
  "multi-organ toxicity",
  "death",
] as const;
export type SafetyCategory = (typeof SAFETY_CATEGORIES)[number];

/**
 * Keyword rules, read from the 230 reason texts of withDRAWN's drug_withdrawal_reasons.csv (which
 * has typos of its own: "arrythmias", "Guillan-Barre", "lmmunoallergic", "lchthyosis").
 * "Fatal" alone is not death (withDRAWN files "Fatal arrhythmia" under cardiovascular only), and
 * "bone marrow depression" is not a psychiatric depression, nor is dyskinesia about the skin.
 */
const CATEGORY_RULES: ReadonlyArray<readonly [SafetyCategory, RegExp]> = [
  ["hepatologic", /hepat|liver|jaundice/],
  [
    "cardiovascular",
    /cardi|heart|arrh?ythm|torsade|\bqtc?\b|repolari[sz]|tachycardia|valv|myocard|stroke|angina|isch(a)?emic|thrombo(?!cytopenia)|vasculitis|pulmonary arterial hypertension/,
  ],
  [
    "neuropsychiatric",
    /psychiat|(?<!marrow )depression|anxiety|sleep|tremor|dyskinesia|convuls|seizure|neuro(?:tox|logic|psych|pathy)|amnesia|abuse|dependence|addiction|psychomotor|\bcns\b|self-poison|overdose/,
  ],
  [
    "hematologic",
    /h(a)?ematolog|an(a)?emia|agranulocytosis|dyscras|bone marrow|neutropenia|granulocytopenia|thrombocytopenia/,
  ],
  ["immunologic", /allerg|anaphyla|hypersensitiv|stevens?[- ]johnson|guill?ain|guillan|eosinophilic myalgia/],
  [
    "dermatologic",
    /\bskin\b|cutaneous|dermatolog|rash|photosensitiv|phototox|acne|alopecia|ichthyosis|epidermal necrolysis/,
  ],
  ["nephrologic", /kidney|renal|nephro|flank pain|rhabdomyolysis/],
  ["metabolic", /glyc|blood sugar|metabolic|acidosis/],
  ["gastrointestinal", /gastrointestinal|ulcers?\b|colitis/],
  ["respiratory", /respirat|bronchospasm|asthma/],
  ["ophthalmic", /uveitis|ophthalm|cataract|oculo/],
  ["carcinogenicity", /carcinogen/],
  ["birth defects", /birth defect|teratogen/],
  ["drug interaction", /interaction/],
  ["multi-organ toxicity", /multi-organ/],
  ["death", /\bdeaths?\b|mortality/],
];

const SAFETY_WORDS = /tox|adverse|safety|injur|reaction/;
const EFFICACY_WORDS = /efficacy|ineffective|futility|no (?:clinical )?benefit/;
const SOLUBILITY_WORDS = /solubility|polymorph|crystal form|precipitat/;
const PK_WORDS = /pharmacokinetic|bioavailability|half-life|clearance|absorption/;
const BINDING_WORDS = /does not bind|no binding|not an? [\w-]+ inhibitor|lack of target engagement/;

/** withDRAWN writes "None" (sometimes with trailing spaces) when ChEMBL records no reason. */
const NO_REASON = /^(none|null|n\/a|unknown)?$/;

export interface ReasonClassification {
  failure_class: FailureClass;
  /** Organ-system categories named in the text, in SAFETY_CATEGORIES order; empty if none. */
  categories: SafetyCategory[];
}

/**
 * Maps a free-text withdrawal or failure reason (as in withDRAWN / ChEMBL) to a failure class and
 * its safety categories. Safety wins when a text names any organ system or toxicity; efficacy,
 * solubility, PK and binding are read from their own words; no reason gives UNSPECIFIED.
 */
export function classifyWithdrawalReason(text: string | null | undefined): ReasonClassification {
  const normalized = (text ?? "")
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, " ")
    .replace(/^lmmuno/, "immuno")
    .replace(/\blchthyosis/, "ichthyosis");
  if (NO_REASON.test(normalized)) return { failure_class: "UNSPECIFIED", categories: [] };
  const categories = CATEGORY_RULES.filter(([, rule]) => rule.test(normalized)).map(([category]) => category);
  if (categories.length > 0 || SAFETY_WORDS.test(normalized)) return { failure_class: "SAFETY", categories };
  if (EFFICACY_WORDS.test(normalized)) return { failure_class: "EFFICACY", categories };
  if (SOLUBILITY_WORDS.test(normalized)) return { failure_class: "SOLUBILITY", categories };
  if (PK_WORDS.test(normalized)) return { failure_class: "PK", categories };
  if (BINDING_WORDS.test(normalized)) return { failure_class: "BINDING", categories };
  return { failure_class: "UNSPECIFIED", categories };
}

export function isFailureClass(value: unknown): value is FailureClass {
  return typeof value === "string" && (FAILURE_CLASSES as readonly string[]).includes(value);
}

export function isConfidenceTier(value: unknown): value is ConfidenceTier {
  return typeof value === "string" && (CONFIDENCE_TIERS as readonly string[]).includes(value);
}
