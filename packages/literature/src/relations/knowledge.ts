import type { Dictionary } from "../ner/dictionary";
import { tagMentions } from "../ner/tag-document";
import type { ReferenceData } from "../reference/load";
import type { PairKnowledge } from "./confidence";
import type { Features } from "./logistic";

/**
 * Approved indications as MeSH pairs (chemical MeSH id, disease MeSH id), from DrugCentral's
 * `drug_indication.tsv`: the indication's DOID mapped to MeSH through the Disease Ontology's MSH
 * cross-reference, and, when a dictionary is given, the free-text indication (INDICATION_FDB) when
 * the whole text is one disease name with a MeSH id. A drug is rarely reported as inducing the
 * disease it is approved for (no CDR training relation is such a pair), so relation models use it
 * as a "known treatment" feature — the drug-indication knowledge CDR systems drew from CTD.
 */
export function indicationPairs(
  reference: Pick<ReferenceData, "drugs" | "diseases" | "indications">,
  dictionary?: Dictionary,
): Set<string> {
  const diseaseMesh = new Map(reference.diseases.filter((d) => d.mesh).map((d) => [d.id, d.mesh!]));
  const drugMesh = new Map(reference.drugs.filter((d) => d.mesh).map((d) => [d.drugcentral_id, d.mesh!]));
  const pairs = new Set<string>();
  for (const row of reference.indications) {
    const chemical = drugMesh.get(row.drugcentral_id);
    if (!chemical) continue;
    const viaDoid = row.doid ? diseaseMesh.get(row.doid) : undefined;
    if (viaDoid) pairs.add(`${chemical}\t${viaDoid}`);
    if (dictionary && row.indication.trim() !== "") {
      const text = row.indication.trim();
      for (const m of tagMentions(text, dictionary))
        if (m.type === "disease" && m.xrefs.mesh && m.start === 0 && m.end === text.length)
          pairs.add(`${chemical}\t${m.xrefs.mesh}`);
    }
  }
  return pairs;
}

/**
 * Curated gene–disease associations as (NCBI Gene id, disease MeSH id) pairs: JensenLab DISEASES
 * gene symbols through HGNC to NCBI Gene ids, DOIDs through the Disease Ontology's MeSH xrefs.
 */
export function geneDiseasePairs(reference: Pick<ReferenceData, "genes" | "diseases" | "geneDiseases">): Set<string> {
  const diseaseMesh = new Map(reference.diseases.filter((d) => d.mesh).map((d) => [d.id, d.mesh!]));
  const ncbi = new Map(reference.genes.filter((g) => g.ncbigene).map((g) => [g.symbol, g.ncbigene!]));
  const pairs = new Set<string>();
  for (const a of reference.geneDiseases) {
    const gene = ncbi.get(a.symbol);
    const mesh = diseaseMesh.get(a.doid);
    if (gene && mesh) pairs.add(`${gene}\t${mesh}`);
  }
  return pairs;
}

/**
 * MeSH ancestors of each disease MeSH id along the Disease Ontology's is_a hierarchy (only terms
 * with a MeSH cross-reference count). CDR links a chemical to the most specific disease a document
 * names, so a disease whose descendant is also mentioned is less often the related one.
 */
export function meshAncestors(diseases: ReferenceData["diseases"]): Map<string, Set<string>> {
  const byId = new Map(diseases.map((d) => [d.id, d]));
  const out = new Map<string, Set<string>>();
  for (const d of diseases) {
    if (!d.mesh) continue;
    const ancestors = out.get(d.mesh) ?? new Set<string>();
    const seen = new Set<string>();
    const stack = [...d.is_a];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const parent = byId.get(id);
      if (!parent) continue;
      if (parent.mesh && parent.mesh !== d.mesh) ancestors.add(parent.mesh);
      stack.push(...parent.is_a);
    }
    out.set(d.mesh, ancestors);
  }
  return out;
}

/** The reference knowledge the chemical-induced disease model reads (confidence.ts `PairKnowledge`). */
export function referenceKnowledge(
  reference: Pick<ReferenceData, "drugs" | "diseases" | "indications">,
  dictionary?: Dictionary,
): PairKnowledge {
  return { indications: indicationPairs(reference, dictionary), ancestors: meshAncestors(reference.diseases) };
}

/** Knowledge features for a document-level pair from a set of known (head, tail) pairs. */
export function knownPairFeatures(known: Set<string>, name: string): (head: string, tail: string) => Features {
  return (head, tail) => (known.has(`${head}\t${tail}`) ? { [name]: 1 } : {});
}
