import type { Triple } from "@sieve/contracts";

/**
 * How a triple is supported, in words: the sentences that state it, or, for a pair the document-level model links
 * although no sentence names both (attribute `basis: "document"`), that it is inferred from the whole document.
 */
export function describeSupport(triple: Pick<Triple, "supporting_sentences" | "attributes">): string {
  if (triple.attributes.basis === "document") return "no sentence names both: inferred from the whole document";
  const n = triple.supporting_sentences;
  return `${n} supporting sentence${n === 1 ? "" : "s"}`;
}
