import { ReviewControl } from "../../../components/review-control";
import { Dialog } from "../../../components/ui/dialog";
import { Notice } from "../../../components/ui/notice";
import { useTargetEvidence, type EvidenceParams } from "../api/targets";
import {
  ComponentsSection,
  DruggabilitySection,
  FailureHistorySection,
  FeaturesSection,
  KnownDrugsSection,
  PassagesSection,
  TriplesSection,
} from "./evidence-sections";

interface TargetEvidenceDialogProps {
  /** The gene opened (from the address, `?gene=EGFR`) in the disease and feature set ranked; null: closed. */
  params: EvidenceParams | null;
  diseaseName: string;
  onClose: () => void;
}

/** Why a gene ranks where it does: its components and every piece of evidence behind them, with provenance. */
export function TargetEvidenceDialog({ params, diseaseName, onClose }: TargetEvidenceDialogProps) {
  const evidence = useTargetEvidence(params);
  const data = evidence.data;
  return (
    <Dialog
      open={params !== null}
      onClose={onClose}
      title={params ? `${params.symbol} in ${diseaseName}` : "Target evidence"}
    >
      <div className="target-evidence stack">
        {evidence.isPending && <p className="loading">Loading the evidence…</p>}
        {evidence.isError && <Notice tone="error">{evidence.error.message}</Notice>}
        {data && (
          <>
            <dl className="facts">
              <div>
                <dt>Gene</dt>
                <dd>
                  {data.target.gene_symbol} ({data.target.hgnc_id})
                </dd>
              </div>
              <div>
                <dt>Protein</dt>
                <dd>{data.target.protein_name ?? "—"}</dd>
              </div>
              <div>
                <dt>UniProt</dt>
                <dd>{data.target.uniprot_id ?? "—"}</dd>
              </div>
              <div>
                <dt>Disease</dt>
                <dd>
                  {data.disease.name} ({data.disease.id})
                </dd>
              </div>
            </dl>
            <ReviewControl
              kind="target"
              itemId={`${data.disease.id}|${data.target.hgnc_id}`}
              label={`${data.target.gene_symbol} in ${data.disease.name}`}
            />
            <ComponentsSection evidence={data} />
            <FeaturesSection evidence={data} />
            <DruggabilitySection evidence={data} />
            <KnownDrugsSection evidence={data} />
            <FailureHistorySection evidence={data} />
            <TriplesSection evidence={data} />
            <PassagesSection evidence={data} />
          </>
        )}
      </div>
    </Dialog>
  );
}
