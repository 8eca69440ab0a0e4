import { ELEMENT_SYMBOLS } from "./elements";
import type { MolGraph } from "./morgan-environments";

/** Hill order as RDKit's `HillCompare`: C, then H, then the rest by plain string order. */
function hillRank(symbol: string): number {
  return symbol === "C" ? 0 : symbol === "H" ? 1 : 2;
}

/**
 * Molecular formula exactly as RDKit 2022.09 `rdMolDescriptors.CalcMolFormula(mol)` writes it
 * (`Code/GraphMol/Descriptors/MolDescriptors.cpp`, `calcMolFormula` with its defaults): Hill order,
 * isotopes folded into their element (D counts as H), H always right after C (even without C:
 * "H2O", "HCl"), then the net charge as "+", "-", "+2", "-3". Counts come from RDKit.js's
 * molecule JSON, whose per-atom hydrogen count plus any explicit H atoms gives the total.
 */
export function molecularFormula(graph: MolGraph): string {
  const counts = new Map<string, number>();
  let hydrogens = 0;
  let charge = 0;
  graph.atomicNumbers.forEach((z, atom) => {
    const symbol = ELEMENT_SYMBOLS[z] ?? "*";
    counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    hydrogens += graph.attachedHs[atom] ?? 0;
    charge += graph.formalCharges[atom] ?? 0;
  });
  if (hydrogens > 0) counts.set("H", (counts.get("H") ?? 0) + hydrogens);

  const symbols = [...counts.keys()].sort((a, b) => hillRank(a) - hillRank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const body = symbols.map((symbol) => {
    const count = counts.get(symbol) ?? 0;
    return count > 1 ? `${symbol}${count}` : symbol;
  });
  const magnitude = Math.abs(charge);
  const chargeSuffix = charge === 0 ? "" : `${charge > 0 ? "+" : "-"}${magnitude > 1 ? magnitude : ""}`;
  return body.join("") + chargeSuffix;
}
