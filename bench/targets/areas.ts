import type { BenchData, BenchDisease } from "./data";

/**
 * Therapeutic areas: the Disease Ontology's top-level branches (children of DOID:4 "disease"), with
 * "disease of anatomical entity" split into its organ systems. A disease under several is given the
 * first in this order (oncology and infection before the organ system they affect).
 */
export const AREAS: [string, string][] = [
  ["DOID:14566", "cancer (cellular proliferation)"],
  ["DOID:0050117", "infectious agent"],
  ["DOID:150", "mental health"],
  ["DOID:0014667", "metabolism"],
  ["DOID:1287", "cardiovascular"],
  ["DOID:863", "nervous system"],
  ["DOID:2914", "immune system"],
  ["DOID:1579", "respiratory"],
  ["DOID:77", "gastrointestinal"],
  ["DOID:28", "endocrine"],
  ["DOID:17", "musculoskeletal"],
  ["DOID:16", "integumentary (skin)"],
  ["DOID:18", "urinary"],
  ["DOID:15", "reproductive"],
  ["DOID:0060118", "thoracic"],
  ["DOID:630", "genetic disease"],
  ["DOID:225", "syndrome"],
  ["DOID:0080015", "physical disorder"],
];

export function therapeuticArea(data: BenchData, doid: string): string {
  const ancestors = data.hierarchy.ancestors(doid);
  return AREAS.find(([id]) => ancestors.has(id))?.[1] ?? "other";
}

/** Share of a disease's approved drugs with a non-human target, at or above which it is an anti-infective indication. */
export const NON_HUMAN_SHARE = 0.5;

/**
 * An anti-infective indication: under "disease by infectious agent", or at least half of the approved
 * drugs indicated for it (or a disease below it) act on a non-human target (a bacterial, viral, fungal
 * or parasite protein, by the target's SwissProt name). Their "known targets" are the human proteins
 * such drugs also bind (doxycycline → MMPs), which no target-ranking evidence is about, so they are
 * reported apart from the headline.
 */
export function isAntiInfective(data: BenchData, d: BenchDisease): boolean {
  if (data.hierarchy.ancestors(d.doid).has("DOID:0050117")) return true;
  const drugs = new Set(
    data.indications.filter((i) => i.doid !== null && d.subtree.has(i.doid)).map((i) => i.drugcentral_id),
  );
  const nonHuman = new Set(
    data.targets
      .filter((t) => drugs.has(t.drugcentral_id) && t.components.some((c) => !c.human))
      .map((t) => t.drugcentral_id),
  );
  return drugs.size > 0 && nonHuman.size / drugs.size >= NON_HUMAN_SHARE;
}
