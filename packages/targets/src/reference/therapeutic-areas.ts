import type { DiseaseHierarchy } from "./disease-hierarchy";

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

export function therapeuticArea(hierarchy: DiseaseHierarchy, doid: string): string {
  const ancestors = hierarchy.ancestors(doid);
  return AREAS.find(([id]) => ancestors.has(id))?.[1] ?? "other";
}
