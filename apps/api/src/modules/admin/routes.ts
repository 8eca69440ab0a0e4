import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, ReferenceDataLoadBody, ReferenceDataLoadResults, ReferenceDatasetList } from "@sieve/contracts";
import type { LiteratureReference } from "../literature/reference";
import { access } from "../../plugins/roles";
import { referenceDataService } from "./service";

export function adminRoutes(literature: LiteratureReference): FastifyPluginAsyncZod {
  return async (app) => {
    const referenceData = referenceDataService({
      db: app.database.db,
      pool: app.compute,
      root: app.config.referenceDataRoot,
      literature,
      geneNamesSqlite: app.config.geneNamesSqlite,
    });
    const tags = ["admin"];

    app.get("/v1/admin/reference-data", { schema: { tags, response: { 200: ReferenceDatasetList } } }, async () =>
      referenceData.list(),
    );

    app.post(
      "/v1/admin/reference-data/load",
      {
        config: access.admins,
        schema: {
          tags,
          body: ReferenceDataLoadBody,
          response: { 200: ReferenceDataLoadResults, 422: ErrorBody },
        },
      },
      async (request) => referenceData.load(request.body.datasets),
    );
  };
}
