// Does CDR relate a chemical to the more specific of two diseases a document names (issue 23)? Measured on CDR Train
// only (gold mentions, and mentions tagged cross-fitted as in fit-confidence.ts), never dev. Every chemical × disease
// pair of a document, by two flags on the disease: the document names a Disease Ontology descendant of it (the model's
// `tail_has_descendant`), or one of its mentions is the head of a longer disease mention with another id ("thrombosis"
// in "venous thrombosis": a textual descendant the ontology may lack). Gold rate of each class, over all pairs and over
// pairs whose chemical has some gold pair (the false positives a broader disease brings).
// Run: node --import tsx bench/literature/cid-specificity.ts
import { corpusKey, meshAncestors, type Mention } from "@sieve/literature";
import { writeBenchReport, type BenchRow } from "../lib/report";
import { loadServerReference, readCorpus, requireSharedData } from "./corpora";
import { crossFitted, goldPairs } from "./eval-tasks";

requireSharedData();
const reference = loadServerReference();
const ancestors = meshAncestors(reference.diseases);
const cdr = readCorpus("cdrTrain");
const docs = crossFitted(cdr, reference, ["chemical", "disease"], {}, [
  { documents: readCorpus("bioredTrain"), types: ["gene", "chemical", "disease"] },
]);

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
/** Keys one of whose mentions ends a longer mention with another key. */
function textuallyBroader(diseases: { key: string; words: string[] }[]): Set<string> {
  const out = new Set<string>();
  for (const broad of diseases)
    for (const narrow of diseases)
      if (
        broad.key !== narrow.key &&
        narrow.words.length > broad.words.length &&
        broad.words.every((w, i) => narrow.words[narrow.words.length - broad.words.length + i] === w)
      )
        out.add(broad.key);
  return out;
}

type Tally = { pairs: number; gold: number; chemical_in_gold_pair: number; gold_of_those: number };
const tallies = new Map<string, Tally>();
for (const mentions of ["gold", "predicted"] as const)
  for (const d of docs) {
    const gold = goldPairs(d, "chemical-disease");
    const goldChemicals = new Set([...gold].map((k) => k.split("\t")[0]));
    const keyed = (d[mentions] as Mention[])
      .map((m) => ({ m, key: corpusKey(m) }))
      .filter((x): x is { m: Mention; key: string } => x.key !== null);
    const diseases = keyed.filter((x) => x.m.type === "disease");
    const tails = new Set(diseases.map((x) => x.key));
    const chemicals = new Set(keyed.filter((x) => x.m.type === "chemical").map((x) => x.key));
    const broader = textuallyBroader(diseases.map((x) => ({ key: x.key, words: words(x.m.text) })));
    const hasDescendant = new Set<string>();
    for (const t of tails) for (const a of ancestors.get(t) ?? []) if (tails.has(a)) hasDescendant.add(a);
    for (const c of chemicals)
      for (const t of tails) {
        const cls = `${mentions} mentions; ontology descendant named: ${hasDescendant.has(t) ? "yes" : "no"}; head of a longer mention: ${broader.has(t) ? "yes" : "no"}`;
        const tally = tallies.get(cls) ?? { pairs: 0, gold: 0, chemical_in_gold_pair: 0, gold_of_those: 0 };
        const y = gold.has(`${c}\t${t}`) ? 1 : 0;
        tally.pairs++;
        tally.gold += y;
        if (goldChemicals.has(c)) {
          tally.chemical_in_gold_pair++;
          tally.gold_of_those += y;
        }
        tallies.set(cls, tally);
      }
  }
const rate = (n: number, of: number) => (of === 0 ? null : Math.round((n / of) * 10000) / 10000);
const rows: BenchRow[] = [...tallies]
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([cls, t]) => ({
    class: cls,
    ...t,
    gold_rate: rate(t.gold, t.pairs),
    gold_rate_chemical_in_gold_pair: rate(t.gold_of_those, t.chemical_in_gold_pair),
  }));
writeBenchReport("literature-cid-specificity", "CDR Train: chemical-induced disease pairs of broader diseases", rows, [
  "Method: CDR Train (500 abstracts), every chemical × disease pair of a document by MeSH id, with gold mentions and with mentions tagged cross-fitted (5 folds, names mined from the other folds and BioRED Train, as fit-confidence.ts). 'Ontology descendant named': the document names a disease whose Disease Ontology ancestors (meshAncestors) include this one. 'Head of a longer mention': one of the disease's mentions ends, word for word, another disease mention with another id.",
  "What the flags did as document-model features (fit-confidence.ts, CID train out-of-fold F1 at the best threshold, 5 / 10 folds) is in docs/decisions.md; the rate gap here is what the model's other features (counts, title, descendant flag) already mostly capture.",
]);
console.table(rows);
