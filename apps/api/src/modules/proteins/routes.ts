import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, ProteinAnalyzeBody, ProteinResults, splitLines } from "@sieve/contracts";
import { parsePdbChains, parseSequences } from "@sieve/protein";
import { validationFailed } from "../../http/errors";
import { readMultipartTextFile } from "../../http/multipart";
import { assertWithinAnalysisLimit } from "../molecules/service";
import { access } from "../../plugins/roles";

// Sequences are cheap (tens of thousands per second per thread); chunks keep long lists off one thread.
const CHUNK_SIZE = 500;
const SEQUENCE_ENDINGS = [".fasta", ".fa", ".faa", ".txt", ".seq"];
const STRUCTURE_ENDINGS = [".pdb", ".ent"];

export const proteinRoutes: FastifyPluginAsyncZod = async (app) => {
  const analyze = async (items: { sequence: string; id?: string }[]) => {
    if (items.length === 0) throw validationFailed([{ path: "sequences", message: "provide at least one sequence" }]);
    assertWithinAnalysisLimit(items.length, "sequences");
    return app.compute.map("proteins.analyze", items, (chunk) => ({ items: chunk }), CHUNK_SIZE);
  };

  app.post(
    "/v1/proteins/analyze",
    {
      config: access.computeOnly,
      schema: {
        tags: ["proteins"],
        body: ProteinAnalyzeBody,
        response: { 200: ProteinResults, 413: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      // Each entry is a sequence (one per line, §5) or a multi-record FASTA text of its own.
      const items = request.body.sequences.flatMap((entry) =>
        entry.trimStart().startsWith(">") ? toItems(entry) : splitLines(entry).map((sequence) => ({ sequence })),
      );
      return { results: await analyze(items) };
    },
  );

  app.post(
    "/v1/proteins/analyze/upload",
    {
      config: access.computeOnly,
      schema: {
        tags: ["proteins"],
        consumes: ["multipart/form-data"],
        response: { 200: ProteinResults, 413: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const { name, text } = await readMultipartTextFile(request, [...SEQUENCE_ENDINGS, ...STRUCTURE_ENDINGS]);
      if (STRUCTURE_ENDINGS.some((ending) => name.toLowerCase().endsWith(ending))) {
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
      }
      return { results: await analyze(toItems(text)) };
    },
  );
};

function toItems(text: string): { sequence: string; id: string }[] {
  return parseSequences(text).map(({ id, sequence }) => ({ id, sequence }));
}
