// Disease mention errors on the TRAINING splits (issue 23), for choosing tagging rules without looking at the
// development splits that the relation goals are reported on. CDR Train and BioRED Train are tagged cross-fitted
// (5 folds, each with a dictionary mined from the other folds, as `crossFitted`), so mined names do not simply find
// the documents they came from. Every gold disease span is classed by what was tagged there, every extracted disease
// mention overlapping no gold one counts as spurious, and every disease id of a gold pair (CDR CID, BioRED
// gene–disease) that the document's mentions never name counts as a relation id missed. The commonest errors per
// class are listed with the ids involved.
// Run: node --import tsx bench/literature/disease-mention-errors.ts   (BENCH_CONDITIONS: a note written into the results)
import { corpusKey, type Mention } from "@sieve/literature";
import { writeBenchReport, type BenchRow } from "../lib/report";
import { loadServerReference, readCorpus, requireSharedData } from "./corpora";
import { crossFitted, excluding, goldPairs, type PreparedDocument } from "./eval-tasks";

requireSharedData();
const reference = loadServerReference();
const cdr = readCorpus("cdrTrain");
const biored = readCorpus("bioredTrain");
const SPLITS: { corpus: string; kind: "chemical-disease" | "gene-disease"; docs: () => PreparedDocument[] }[] = [
  {
    corpus: "CDR Train",
    kind: "chemical-disease",
    docs: () =>
      crossFitted(cdr, reference, ["chemical", "disease"], {}, [
        { documents: biored, types: ["gene", "chemical", "disease"] },
      ]),
  },
  {
    corpus: "BioRED Train",
    kind: "gene-disease",
    docs: () =>
      crossFitted(biored, reference, ["gene", "chemical", "disease"], {}, [
        { documents: excluding(cdr, biored), types: ["chemical", "disease"] },
      ]),
  },
];
/** The classes, in the order the report lists them. */
const CLASSES = [
  "gold span: right id",
  "gold span: another id",
  "gold span: only overlapping mentions",
  "gold span: nothing tagged",
  "mention overlapping no gold one",
  "relation disease ids",
  "relation disease id never named",
  "never named: another id at a gold span",
  "never named: only overlapping mentions",
  "never named: nothing tagged at its spans",
];
/** How many of each class's commonest errors the report lists. */
const LISTED = 12;

const overlaps = (a: Mention, b: Mention) => a.start < b.end && b.start < a.end;
const idOf = (m: Mention) => corpusKey(m) ?? `none (${m.id})`;

const rows: BenchRow[] = [];
for (const split of SPLITS) {
  const counts = new Map<string, number>();
  const examples = new Map<string, Map<string, number>>();
  const note = (cls: string, example?: string) => {
    counts.set(cls, (counts.get(cls) ?? 0) + 1);
    if (example === undefined) return;
    const byExample = examples.get(cls) ?? new Map<string, number>();
    byExample.set(example, (byExample.get(example) ?? 0) + 1);
    examples.set(cls, byExample);
  };
  for (const d of split.docs()) {
    const gold = d.gold.filter((g) => g.type === "disease");
    const tagged = d.predicted.filter((m) => m.type === "disease");
    const spans = new Map<string, Mention[]>();
    for (const g of gold) spans.set(`${g.start}:${g.end}`, [...(spans.get(`${g.start}:${g.end}`) ?? []), g]);
    for (const at of spans.values()) {
      const g = at[0]!;
      const goldIds = at.map(idOf).join("|");
      const same = tagged.filter((m) => m.start === g.start && m.end === g.end);
      const over = tagged.filter((m) => overlaps(m, g));
      if (same.some((m) => at.some((x) => idOf(x) === idOf(m)))) note("gold span: right id");
      else if (same.length > 0)
        note(
          "gold span: another id",
          `"${g.text}" gold ${goldIds}, tagged ${same.map((m) => `${idOf(m)} (${m.name})`).join(", ")}`,
        );
      else if (over.length > 0)
        note(
          "gold span: only overlapping mentions",
          `"${g.text}" gold ${goldIds}, tagged ${over.map((m) => `"${m.text}" ${idOf(m)}`).join(", ")}`,
        );
      else note("gold span: nothing tagged", `"${g.text}" gold ${goldIds}`);
    }
    for (const m of tagged)
      if (!gold.some((g) => overlaps(g, m)))
        note("mention overlapping no gold one", `"${m.text}" ${idOf(m)} (${m.name})`);
    const named = new Set(tagged.map(corpusKey));
    for (const id of new Set([...goldPairs(d, split.kind)].map((k) => k.split("\t")[1]!))) {
      note("relation disease ids");
      if (named.has(id)) continue;
      note("relation disease id never named");
      // What the extraction made of the id's gold spans: the worst reading of any of them decides.
      const spans = gold.filter((g) => corpusKey(g) === id);
      const same = spans.find((g) => tagged.some((m) => m.start === g.start && m.end === g.end));
      const over = spans.find((g) => tagged.some((m) => overlaps(m, g)));
      const at = (g: Mention) => tagged.filter((m) => overlaps(m, g)).map((m) => `"${m.text}" ${idOf(m)}`);
      if (same)
        note("never named: another id at a gold span", `"${same.text}" gold ${id}, tagged ${at(same).join(", ")}`);
      else if (over)
        note("never named: only overlapping mentions", `"${over.text}" gold ${id}, tagged ${at(over).join(", ")}`);
      else note("never named: nothing tagged at its spans", `"${spans[0]?.text ?? ""}" gold ${id}`);
    }
  }
  for (const cls of CLASSES) rows.push({ table: "counts", corpus: split.corpus, class: cls, n: counts.get(cls) ?? 0 });
  for (const cls of CLASSES)
    for (const [example, n] of [...(examples.get(cls) ?? [])]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, LISTED))
      rows.push({ table: "commonest", corpus: split.corpus, class: cls, example, n });
}

writeBenchReport("literature-disease-mentions-train", "Disease mention errors on the training splits", rows, [
  "Method: CDR Train (500 abstracts) and BioRED Train (400) tagged cross-fitted: 5 folds, each tagged with the server's dictionary built from the reference data and names mined from the other folds (and from the other corpus, less the documents tagged). Gold disease spans are classed by the extracted disease mentions at them (a span with several gold ids is right when any matches); ids are MeSH (corpusKey), 'none' for a Disease Ontology term with no MeSH cross-reference.",
  "Relation disease ids: per document, the disease ids of gold pairs (CDR chemical-induced disease, BioRED gene–disease); 'never named' when no extracted disease mention carries the id, then by what was tagged at the id's gold spans (another id at one of them exactly; else only mentions overlapping one; else nothing).",
  "Training data only: the rules chosen from it are then checked on the development splits (relation-errors.ts, api-relations.ts).",
  ...(process.env.BENCH_CONDITIONS ? [process.env.BENCH_CONDITIONS] : []),
]);
