import { splitLines, type ProteinResults } from "@sieve/contracts";
import { parsePdbChains, parseSequences } from "@sieve/protein";
import type { ComputePool } from "@sieve/compute/pool";
import { validationFailed } from "../../http/errors";
import { assertWithinAnalysisLimit } from "../molecules/service";

// Sequences are cheap (tens of thousands per second per thread); chunks keep long lists off one thread.
const CHUNK_SIZE = 500;
export const SEQUENCE_ENDINGS = [".fasta", ".fa", ".faa", ".txt", ".seq"];
export const STRUCTURE_ENDINGS = [".pdb", ".ent"];

/** Protein sequence analysis on the compute threads, from typed sequences, FASTA text or a PDB file's chains. */
export function proteinsService(pool: ComputePool) {
  const analyze = async (items: { sequence: string; id?: string }[]) => {
    if (items.length === 0) throw validationFailed([{ path: "sequences", message: "provide at least one sequence" }]);
    assertWithinAnalysisLimit(items.length, "sequences");
    return pool.map("proteins.analyze", items, (chunk) => ({ items: chunk }), CHUNK_SIZE);
  };

  return {
    /** Each entry is a sequence (one per line, §5) or a multi-record FASTA text of its own. */
    async analyzeEntries(entries: string[]): Promise<ProteinResults> {
      const items = entries.flatMap((entry) =>
        entry.trimStart().startsWith(">") ? toItems(entry) : splitLines(entry).map((sequence) => ({ sequence })),
      );
      return { results: await analyze(items) };
    },

    /** An uploaded file: a PDB structure is analysed chain by chain, anything else is read as FASTA. */
    async analyzeFile(name: string, text: string): Promise<ProteinResults> {
      if (!STRUCTURE_ENDINGS.some((ending) => name.toLowerCase().endsWith(ending)))
        return { results: await analyze(toItems(text)) };
      const chains = parsePdbChains(text);
      if (chains.length === 0)
        throw validationFailed(
          [
            {
              path: "file",
              message: "the PDB file has no protein chains (no SEQRES or ATOM records of amino acids)",
            },
          ],
          "invalid_file",
        );
      const results = await analyze(chains.map((c) => ({ sequence: c.sequence, id: `chain ${c.chain}` })));
      return {
        results: results.map((result, i) => ({ ...result, chain: chains[i]!.chain, source: chains[i]!.source })),
      };
    },
  };
}

function toItems(text: string): { sequence: string; id: string }[] {
  return parseSequences(text).map(({ id, sequence }) => ({ id, sequence }));
}
