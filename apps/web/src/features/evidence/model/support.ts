import type { Triple } from "@sieve/contracts";

/**
 * How a triple is supported, in words: the sentences that state it, or, for a document-level triple (a pair no
 * sentence names together, attribute `basis: "document"`), that the whole document is its evidence and the
 * sentence shown only places its disease.
 */
export function supportLabel(triple: Pick<Triple, "supporting_sentences" | "attributes">): string {
  if (triple.attributes.basis === "document") return "document-level: no sentence names both";
  const n = triple.supporting_sentences;
  return `${n} supporting sentence${n === 1 ? "" : "s"}`;
}
