import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "@sieve/contracts";
import { validationFailed } from "../../http/errors";
import type { LiteratureReference } from "../literature/reference";
import { REFERENCE_DATASETS, loadReferenceDatasets } from "../../reference-data/datasets";
import { access } from "../../plugins/roles";

const DatasetList = z.object({
  root: z.string(),
  items: z.array(z.object({ name: z.string(), description: z.string(), available: z.boolean() })),
});
const LoadResults = z.object({
  items: z.array(
    z.object({
      dataset: z.string(),
      inserted: z.number().int(),
      skipped: z.number().int(),
      rejected: z.array(z.object({ line: z.number().nullable(), reason: z.string() })),
    }),
  ),
});

/**
 * The admin console's data loading: the same public reference datasets as `npm run data:load`, read
 * from the configured reference-data root (never from a path the client names).
 */
export function adminRoutes(literature: LiteratureReference): FastifyPluginAsyncZod {
  return async (app) => {
    const root = app.config.referenceDataRoot;
    const tags = ["admin"];

    app.get("/v1/admin/reference-data", { schema: { tags, response: { 200: DatasetList } } }, async () => ({
      root,
      items: Object.entries(REFERENCE_DATASETS).map(([name, dataset]) => ({
        name,
        description: dataset.description,
        available: dataset.available(root),
      })),
    }));

    app.post(
      "/v1/admin/reference-data/load",
      {
        config: access.admins,
        schema: {
          tags,
          body: z.object({ datasets: z.array(z.string().max(100)).min(1).max(20) }),
          response: { 200: LoadResults, 422: ErrorBody },
        },
      },
      async (request) => {
        const unavailable = request.body.datasets.filter((name) => !REFERENCE_DATASETS[name]?.available(root));
        if (unavailable.length)
          throw validationFailed(
            unavailable.map((name) => ({
              path: "datasets",
              message: `${name} is unknown or its files are not in the reference-data root`,
            })),
          );
        return {
          items: await loadReferenceDatasets(
            { db: app.database.db, pool: app.compute, root, literature, geneNamesSqlite: app.config.geneNamesSqlite },
            request.body.datasets,
          ),
        };
      },
    );
  };
}
