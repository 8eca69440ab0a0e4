import { existsSync, readFileSync } from "node:fs";
import type { UploadSource } from "@sieve/contracts";
import type { HgncGene } from "@sieve/literature";
import {
  GeneIndex,
  IngestError,
  parseChemblTractability,
  parseChemblUniprotMapping,
  parseGeneric,
  parseGtex,
  parseOpenTargets,
  parseStringNetwork,
  type ParsedUpload,
} from "@sieve/targets";

export interface TargetUploadInput {
  source: UploadSource;
  text: string;
  /** The upload's fields, already validated against UploadFields[source]. */
  params: Record<string, unknown>;
  genes: HgncGene[];
  /** ChEMBL target → UniProt mapping file, for ChEMBL ids in tractability tables (absent: not used). */
  chemblMappingPath: string | null;
}

export type TargetUploadOutcome =
  { ok: true; parsed: ParsedUpload } | { ok: false; error: string; line: number | null; column: string | null };

/** Parses a feature upload on a thread; a bad file comes back as its message, naming line and column. */
export function parseTargetUpload({
  source,
  text,
  params,
  genes,
  chemblMappingPath,
}: TargetUploadInput): TargetUploadOutcome {
  const index = new GeneIndex(genes);
  try {
    return { ok: true, parsed: parse(source, text, params, index, chemblMappingPath) };
  } catch (error) {
    if (error instanceof IngestError)
      return { ok: false, error: error.message, line: error.line, column: error.column };
    throw error;
  }
}

function parse(
  source: UploadSource,
  text: string,
  params: Record<string, unknown>,
  genes: GeneIndex,
  chemblMappingPath: string | null,
): ParsedUpload {
  switch (source) {
    case "opentargets":
      return parseOpenTargets(text, params as never, genes);
    case "gtex":
      return parseGtex(text, params as never, genes);
    case "string":
      return parseStringNetwork(text, params as never, genes);
    case "chembl": {
      const mapping =
        chemblMappingPath && existsSync(chemblMappingPath)
          ? parseChemblUniprotMapping(readFileSync(chemblMappingPath, "utf8"))
          : new Map<string, string[]>();
      return parseChemblTractability(text, params as never, genes, mapping);
    }
    case "generic":
      return parseGeneric(text, params as never, genes);
  }
}
