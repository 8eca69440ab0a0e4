import { addName, type Dictionary } from "./dictionary";

/**
 * Words that name the same organ or lesion in disease names, the adjective and the noun ("cardiac failure" / "heart
 * failure", "pulmonary toxicity" / "lung toxicity") or near-synonyms MeSH files under one heading
 * ("gastrointestinal bleeding" is Gastrointestinal Hemorrhage). Keys are folded (`foldWord`): lower case, singular,
 * American spelling.
 */
const SAME_MEANING: string[][] = [
  ["cardiac", "heart"],
  ["renal", "kidney"],
  ["hepatic", "liver"],
  ["pulmonary", "lung"],
  ["gastric", "stomach"],
  ["cerebral", "brain"],
  ["muscular", "muscle"],
  ["venous", "vein"],
  ["arterial", "artery"],
  ["cutaneous", "skin"],
  ["ocular", "eye"],
  ["intestinal", "bowel"],
  ["hemorrhage", "bleeding"],
];

/**
 * Words a name may be read as, one way only: a cancer is a neoplasm (MeSH files "liver cancer" under Liver Neoplasms),
 * but a tumour or a neoplasm need not be a cancer (most heart, thyroid and adrenal tumours are benign), so neither
 * becomes "cancer", and "tumor" is left alone.
 */
const ALSO_READ_AS: [string, string][] = [["cancer", "neoplasm"]];

/**
 * Heads that name harm done to an organ rather than a disease kind: "retinal toxicity" or "lung toxicity" is a
 * (drug-induced) disease of that organ, which MeSH indexes under the organ's disease heading (Retinal Diseases, Lung
 * Diseases) with the subheading "chemically induced". So the organ's "X disease" also reads as "X toxicity". Not
 * "damage": "liver damage" and "brain damage" have headings of their own (drug-induced liver injury, brain damage).
 */
const ORGAN_HARM_HEADS = ["toxicity"];

/**
 * The organs whose "X disease" reads as "X toxicity". Only organs: "mitochondrial toxicity", "genetic toxicity" and
 * "motor neuron toxicity" are drug-safety findings, not mitochondrial, genetic or motor neuron diseases.
 */
const ORGANS = new Set([
  // organs
  "retinal",
  "retina",
  "eye",
  "ocular",
  "optic nerve",
  "ear",
  "inner ear",
  "cochlear",
  "vestibular",
  "lung",
  "pulmonary",
  "liver",
  "hepatic",
  "biliary",
  "kidney",
  "renal",
  "bladder",
  "heart",
  "cardiac",
  "myocardial",
  "skin",
  "cutaneous",
  "bone",
  "bone marrow",
  "pancreatic",
  "thyroid",
  "adrenal",
  "gastric",
  "intestinal",
  "testicular",
  "ovarian",
  "muscle",
  "brain",
  "spinal cord",
  "peripheral nerve",
  // organ systems
  "cardiovascular",
  "respiratory",
  "gastrointestinal",
  "hepatobiliary",
  "urinary",
  "reproductive",
  "musculoskeletal",
  "hematologic",
  "hematological",
  "neurologic",
  "neurological",
  "nervous system",
  "central nervous system",
  "endocrine",
  "immune system",
]);

const SYNONYMS = new Map<string, string[]>();
for (const group of SAME_MEANING)
  for (const word of group)
    SYNONYMS.set(
      word,
      group.filter((w) => w !== word),
    );
for (const [word, broader] of ALSO_READ_AS) SYNONYMS.set(word, [...(SYNONYMS.get(word) ?? []), broader]);

/**
 * Adds, for every disease name, the names that swap one word for another of the same meaning (SAME_MEANING, and
 * ALSO_READ_AS one way) and, for an organ's "X disease", "X toxicity" with its swaps (ORGAN_HARM_HEADS), at half the name's
 * weight; a variant that is already a name of anything is left alone, so a
 * variant never takes a name from another entity. The dictionary then finds "cardiac failure" (CDR's name for MeSH D006333) through the Disease
 * Ontology's "heart failure".
 */
export function addDiseaseNameVariants(dict: Dictionary): void {
  const variants: { key: string; concept: number; source: Parameters<typeof addName>[3]; weight: number }[] = [];
  for (const [key, list] of dict.entries) {
    const words = key.split(" ");
    if (words.length < 2) continue;
    for (const entry of list) {
      if (dict.concepts[entry.concept]!.type !== "disease") continue;
      const add = (variant: string) => {
        if (!dict.entries.has(variant))
          variants.push({ key: variant, concept: entry.concept, source: entry.source, weight: entry.weight / 2 });
      };
      const readings = [words];
      if (words.at(-1) === "disease" && ORGANS.has(words.slice(0, -1).join(" ")))
        for (const head of ORGAN_HARM_HEADS) {
          readings.push([...words.slice(0, -1), head]);
          add(readings.at(-1)!.join(" "));
        }
      for (const reading of readings)
        reading.forEach((word, i) => {
          for (const other of SYNONYMS.get(word) ?? [])
            add([...reading.slice(0, i), other, ...reading.slice(i + 1)].join(" "));
        });
    }
  }
  for (const v of variants) addName(dict, v.concept, v.key, v.source, v.weight);
}
