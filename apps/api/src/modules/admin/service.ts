import type { ReferenceDataLoadResults, ReferenceDatasetList } from "@sieve/contracts";
import { validationFailed } from "../../http/errors";
import { REFERENCE_DATASETS, loadReferenceDatasets, type ReferenceLoadContext } from "../../reference-data/datasets";

/**
 * The admin console's data loading: the same public reference datasets as `npm run data:load`, read
 * from the configured reference-data root (never from a path the client names).
 */
export function referenceDataService(context: ReferenceLoadContext) {
  const { root } = context;
  return {
    list(): ReferenceDatasetList {
      return {
        root,
        items: Object.entries(REFERENCE_DATASETS).map(([name, dataset]) => ({
          name,
          description: dataset.description,
          available: dataset.available(root),
        })),
      };
    },

    async load(datasets: string[]): Promise<ReferenceDataLoadResults> {
      const unavailable = datasets.filter((name) => !REFERENCE_DATASETS[name]?.available(root));
      if (unavailable.length)
        throw validationFailed(
          unavailable.map((name) => ({
            path: "datasets",
            message: `${name} is unknown or its files are not in the reference-data root`,
          })),
        );
      return { items: await loadReferenceDatasets(context, datasets) };
    },
  };
}
