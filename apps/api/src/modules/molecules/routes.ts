import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, MoleculeAnalyzeBody, MoleculeResults, splitLines } from "@sieve/contracts";
import { LibraryFileError, readLibraryFile } from "@sieve/chem";
import { validationFailed } from "../../http/errors";
import { readMultipartTextFile } from "../../http/multipart";
import { analyzeMolecules, assertWithinAnalysisLimit } from "./service";
import { access } from "../../plugins/roles";

const LIBRARY_ENDINGS = [".smi", ".txt", ".csv", ".sdf", ".sd"];

export const moleculeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/v1/molecules/analyze",
    {
      config: access.computeOnly,
      schema: {
        tags: ["molecules"],
        body: MoleculeAnalyzeBody,
        response: { 200: MoleculeResults, 413: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const smiles = request.body.smiles.flatMap(splitLines);
      if (smiles.length === 0) throw validationFailed([{ path: "smiles", message: "provide at least one SMILES" }]);
      const parameters = request.body.parameters ?? {};
      return {
        results: await analyzeMolecules(app.compute, smiles, {
          includeDrugLikeness: parameters.include_drug_likeness ?? true,
          includeSvg: parameters.include_svg ?? false,
        }),
      };
    },
  );

  app.post(
    "/v1/molecules/analyze/upload",
    {
      config: access.computeOnly,
      schema: {
        tags: ["molecules"],
        consumes: ["multipart/form-data"],
        response: { 200: MoleculeResults, 413: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const { name, text, fields } = await readMultipartTextFile(request, LIBRARY_ENDINGS);
      let library;
      try {
        library = readLibraryFile(name, text, { smilesColumn: fields.smiles_column || undefined });
      } catch (error) {
        if (error instanceof LibraryFileError)
          throw validationFailed([{ path: "file", message: error.message }], "invalid_file");
        throw error;
      }
      if (library.records.length === 0)
        throw validationFailed([{ path: "file", message: "the file holds no structures" }], "invalid_file");
      assertWithinAnalysisLimit(library.records.length, "molecules");
      const items = library.records.map((r) =>
        r.format === "smiles" ? r.structure : { molblock: r.structure, label: r.name ?? `record ${r.position}` },
      );
      return {
        results: await analyzeMolecules(app.compute, items, {
          includeDrugLikeness: fields.include_drug_likeness !== "false",
          includeSvg: fields.include_svg === "true",
        }),
      };
    },
  );
};
