import { useQueryClient } from "@tanstack/react-query";
import { TARGET_FEATURES_KEY } from "../../../lib/target-feature-sets";
import { FeatureSetsPanel } from "./feature-sets-panel";
import { FeatureUploadForm } from "./feature-upload-form";
import { IngestionsTable } from "./ingestions-table";
import { ReferenceDataLoader } from "./reference-data-loader";
import "../../../styles/targets.css";

/**
 * §2 Admin, NLP Database: target feature ingestion — reference data, feature sets, the five uploads and their record.
 */
export function TargetFeatureIngestion() {
  const queryClient = useQueryClient();
  return (
    <>
      <ReferenceDataLoader
        title="Target reference data"
        prefix={["reference:", "targets:"]}
        onLoaded={() =>
          void Promise.all([
            queryClient.invalidateQueries({ queryKey: TARGET_FEATURES_KEY }),
            queryClient.invalidateQueries({ queryKey: ["targets"] }),
          ])
        }
      />
      <section className="panel stack stack--loose" aria-labelledby="target-features-title">
        <h2 id="target-features-title" className="panel__title">
          Target feature ingestion
        </h2>
        <FeatureSetsPanel />
        <FeatureUploadForm />
      </section>
      <section className="panel stack" aria-labelledby="ingestions-title">
        <h2 id="ingestions-title" className="panel__title">
          Target feature ingestions
        </h2>
        <IngestionsTable />
      </section>
    </>
  );
}
