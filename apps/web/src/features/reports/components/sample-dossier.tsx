import { Badge } from "../../../components/ui/badge";
import { buttonClassName } from "../../../components/ui/button";
import { SAMPLE_DOSSIER_PATH, SAMPLE_REPORT_PATH, sampleUrl } from "../api/reports";

/** The sample dossier built from the public demonstration data, clearly labelled as such. */
export function SampleDossier() {
  return (
    <section className="panel" aria-labelledby="sample-dossier-title">
      <h2 id="sample-dossier-title" className="panel__title">
        Sample dossier <Badge tone="warning">demo data</Badge>
      </h2>
      <p>
        Built from Sieve&apos;s public demonstration set (well-known withdrawn or failed drugs): drawings, properties,
        recorded failures, a small seeded optimization run and its curves — every section a run&apos;s dossier has.
      </p>
      <p className="report-actions">
        <a
          className={buttonClassName("secondary", "sm")}
          href={sampleUrl(SAMPLE_REPORT_PATH)}
          target="_blank"
          rel="noopener"
        >
          Open the sample report
        </a>
        <a className={buttonClassName("ghost", "sm")} href={sampleUrl(SAMPLE_DOSSIER_PATH)} download>
          Download the sample dossier (zip)
        </a>
      </p>
    </section>
  );
}
