import type { Log, Mol } from "@rdkit/rdkit";
import type { RDKitModule } from "./rdkit";

/** Inputs longer than this are refused before RDKit sees them (the largest approved drugs need ~600). */
export const MAX_SMILES_LENGTH = 5_000;
/**
 * Molecules with more heavy atoms are refused. The largest DrugCentral drug (lixisenatide) has 342.
 * The limit is set by RDKit.js itself, not by chemistry: its WebAssembly stack overflows on long
 * chains ("memory access out of bounds") when writing SMILES from ~600 chained atoms and when
 * parsing from ~900, and the module is unusable afterwards. 500-atom chains, nested branches,
 * fused ring chains and peptides were checked to go through every step, depiction included.
 */
export const MAX_HEAVY_ATOMS = 500;

/** Bracket atoms and organic-subset atoms: an upper bound of the heavy atoms, counted before RDKit parses. */
const ATOM_TOKEN = /\[[^\]]*\]|Cl|Br|[BCNOPSFIbcnops*]/g;

export type ParsedSmiles = { ok: true; mol: Mol } | { ok: false; error: string };

/**
 * RDKit's error log is captured (instead of printed) once per module, so the reason a SMILES
 * fails (syntax, valence, kekulization) can be handed back to the caller. Only the error
 * channel is captured; warnings still go to the console.
 */
const errorLogs = new WeakMap<RDKitModule, Log | null>();

function errorLog(rdkit: RDKitModule): Log | null {
  if (!errorLogs.has(rdkit)) errorLogs.set(rdkit, rdkit.set_log_capture("rdApp.error"));
  return errorLogs.get(rdkit) ?? null;
}

/**
 * RDKit's log lines without their "[hh:mm:ss] " stamps, each reason once, and without the echo of
 * the input and the "~~~^" pointer under it (meaningless once the lines are joined).
 */
function rdkitReason(buffer: string, smiles: string): string | undefined {
  const lines = buffer
    .split("\n")
    .map((line) => line.replace(/^\[\d\d:\d\d:\d\d\]\s*/, "").trim())
    .filter((line) => line.length > 0 && line !== smiles && !/^[~^]+$/.test(line));
  return lines.length > 0 ? [...new Set(lines)].join("; ") : undefined;
}

/**
 * Parses one SMILES with RDKit.js, refusing what is not a single, reasonably sized molecule.
 * Never throws. On success the caller owns `mol` and must `delete()` it.
 */
export function parseSmiles(rdkit: RDKitModule, input: string): ParsedSmiles {
  if (typeof input !== "string") return { ok: false, error: `Input must be a SMILES string, got ${typeof input}.` };
  const smiles = input.trim();
  if (smiles.length === 0) return { ok: false, error: "Empty input: expected a SMILES string." };
  if (smiles.length > MAX_SMILES_LENGTH) {
    return {
      ok: false,
      error: `Input refused: ${smiles.length} characters, more than the ${MAX_SMILES_LENGTH} accepted for one SMILES.`,
    };
  }
  // RDKit would read text after whitespace as a name and silently ignore further lines.
  const whitespace = smiles.search(/\s/);
  if (whitespace >= 0) {
    return {
      ok: false,
      error: `Input refused: whitespace at position ${whitespace + 1}; give one SMILES without spaces or line breaks.`,
    };
  }

  const atomTokens = smiles.match(ATOM_TOKEN)?.length ?? 0;
  if (atomTokens > MAX_HEAVY_ATOMS) {
    return { ok: false, error: `Input refused: ${atomTokens} atoms, more than the ${MAX_HEAVY_ATOMS} accepted.` };
  }

  const log = errorLog(rdkit);
  log?.clear_buffer();
  let mol: Mol | null = null;
  try {
    mol = rdkit.get_mol(smiles);
  } catch (error) {
    return { ok: false, error: `RDKit failed on this input: ${String(error)}` };
  }
  if (!mol || !mol.is_valid()) {
    mol?.delete();
    const reason = rdkitReason(log?.get_buffer() ?? "", smiles);
    return { ok: false, error: reason ? `Invalid SMILES: ${reason}` : "Invalid SMILES: RDKit could not parse it." };
  }
  if (mol.get_num_atoms() === 0) {
    mol.delete();
    return { ok: false, error: "Invalid SMILES: it describes no atoms." };
  }
  // Also guards the other formats get_mol accepts without whitespace (RDKit's JSON).
  const heavyAtoms = mol.get_num_atoms(true);
  if (heavyAtoms > MAX_HEAVY_ATOMS) {
    mol.delete();
    return { ok: false, error: `Input refused: ${heavyAtoms} heavy atoms, more than the ${MAX_HEAVY_ATOMS} accepted.` };
  }
  return { ok: true, mol };
}
