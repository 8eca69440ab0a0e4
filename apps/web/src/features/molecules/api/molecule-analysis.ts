import { useMutation } from "@tanstack/react-query";
import { splitLines, type MoleculeResult, type MoleculeResults } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";

/** Drawings are always asked for: the table shows each structure (§2, issue 4). */
const PARAMETERS = { include_drug_likeness: true, include_svg: true };

async function analyzeSmiles(smiles: string[]): Promise<MoleculeResult[]> {
  return (
    await apiRequest<MoleculeResults>("/v1/molecules/analyze", {
      method: "POST",
      body: { smiles, parameters: PARAMETERS },
    })
  ).results;
}

/** The server reads the fields before the file, so they are appended first. */
async function analyzeLibraryFile(file: File, smilesColumn: string): Promise<MoleculeResult[]> {
  const form = new FormData();
  if (smilesColumn.trim()) form.append("smiles_column", smilesColumn.trim());
  form.append("include_svg", "true");
  form.append("include_drug_likeness", "true");
  form.append("file", file, file.name);
  return (await apiRequest<MoleculeResults>("/v1/molecules/analyze/upload", { method: "POST", body: form })).results;
}

export type MoleculeInput = { kind: "text"; text: string } | { kind: "file"; file: File; smilesColumn: string };

export function useMoleculeAnalysis() {
  return useMutation({
    mutationFn: (input: MoleculeInput) =>
      input.kind === "text"
        ? analyzeSmiles(splitLines(input.text))
        : analyzeLibraryFile(input.file, input.smilesColumn),
  });
}
