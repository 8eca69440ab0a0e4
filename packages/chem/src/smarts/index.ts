/**
 * A small SMARTS matcher over the molecule graph read from RDKit.js's JSON, so that the SMARTS
 * counts RDKit.js computes inside `get_descriptors()` (Crippen atom types, `CalcNumHBD`,
 * `CalcNumHBA`, `CalcNumRotatableBonds`) can be computed without it. It implements the part of
 * SMARTS those patterns use, with RDKit's meaning of each primitive:
 *
 * - atoms: `*`, `a`, `A` (not aromatic, H included), element symbols (upper case aliphatic,
 *   lower case aromatic, bracketed or not), `#n`, isotope, `H n` (total H count, H atoms in the
 *   graph included), `D n` (explicit degree), `X n` (total degree), `v n` (total valence),
 *   `R n`/`R` (number of SSSR rings / in a ring), `r n`/`r` (smallest ring size / in a ring),
 *   charges (`+`, `-`, `+n`, `++`, `+0`), recursive `$(...)`, chirality (ignored, as
 *   substructure matching does by default), and `!`, `&`, `,`, `;` with SMARTS precedence;
 * - bonds: `-` (single, not aromatic), `=`, `#`, `:` (aromatic), `~`, `@` (ring bond), `/` and `\`
 *   (single), the same operators, and the implicit single-or-aromatic bond;
 * - branches and ring closures, and `.`-separated components (matched on distinct atoms).
 *
 * Anything else is refused when the pattern is compiled, so a pattern can only be used if every
 * primitive it holds is understood. Matches are injective (distinct atoms for distinct pattern
 * atoms), as RDKit's `SubstructMatch`.
 */
// Reading a pattern (parse), turning it into tests and a placement plan (compile), and searching a
// molecule's match graph for it (match) live in one file each; this file is their public face.
export { matchGraphApplies, matchGraphOf, withExplicitHydrogens, type MatchGraph } from "./match-graph";
export type { SmartsPattern } from "./pattern";
export { compileSmarts } from "./compile";
export { countUniqueMatches, hasMatch, matchesAt } from "./match";
