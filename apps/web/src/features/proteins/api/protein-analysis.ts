import { useMutation } from "@tanstack/react-query";
import type { ProteinResult, ProteinResults } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";
import { sequenceEntries } from "../model/sequence-entries";

const STRUCTURE_ENDINGS = [".pdb", ".ent"];

/** An uploaded structure kept in the browser for the 3D view; the server only returns its chains' sequences. */
export interface UploadedStructure {
  name: string;
  pdb: string;
}

export interface ProteinAnalysis {
  results: ProteinResult[];
  structure: UploadedStructure | null;
}

async function analyzeSequences(text: string): Promise<ProteinAnalysis> {
  const { results } = await apiRequest<ProteinResults>("/v1/proteins/analyze", {
    method: "POST",
    body: { sequences: sequenceEntries(text) },
  });
  return { results, structure: null };
}

async function analyzeSequenceFile(file: File): Promise<ProteinAnalysis> {
  const form = new FormData();
  form.append("file", file, file.name);
  const { results } = await apiRequest<ProteinResults>("/v1/proteins/analyze/upload", { method: "POST", body: form });
  const isStructure = STRUCTURE_ENDINGS.some((ending) => file.name.toLowerCase().endsWith(ending));
  return { results, structure: isStructure ? { name: file.name, pdb: await file.text() } : null };
}

export type ProteinInput = { kind: "text"; text: string } | { kind: "file"; file: File };

export function useProteinAnalysis() {
  return useMutation({
    mutationFn: (input: ProteinInput) =>
      input.kind === "text" ? analyzeSequences(input.text) : analyzeSequenceFile(input.file),
  });
}
