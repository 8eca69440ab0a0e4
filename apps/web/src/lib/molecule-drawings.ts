import { useQuery } from "@tanstack/react-query";
import type { MoleculeResults } from "@sieve/contracts";
import { apiRequest } from "./api-client";

/**
 * RDKit drawings for a fixed list of SMILES (search hits, evidence hits), keyed by the SMILES as
 * given. Any page that shows structures it did not analyse itself asks here, so one list is drawn
 * by one request and cached for the session.
 */
export function useMoleculeDrawings(smiles: string[]) {
  return useQuery({
    queryKey: ["molecules", "drawings", smiles],
    queryFn: async () => {
      const { results } = await apiRequest<MoleculeResults>("/v1/molecules/analyze", {
        method: "POST",
        body: { smiles, parameters: { include_svg: true } },
      });
      return new Map(results.map((result) => [result.input, result.svg]));
    },
    enabled: smiles.length > 0,
    staleTime: Infinity,
  });
}
