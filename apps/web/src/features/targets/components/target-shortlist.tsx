import { Link } from "react-router";
import type { TargetResult } from "@sieve/contracts";
import { DataTable, type Column } from "../../../components/ui/data-table";
import { paths } from "../../../config/paths";
import { formatDecimal } from "../../../lib/format";
import { useTargetIdentification } from "../api/targets";
import { isAccepted } from "../model/identification";
import { approvedLabel } from "../model/ranking";
import { QUERY_PARAMS } from "../model/request";
import { IdentificationStatus } from "./identification-status";

/** A project page shows the head of the ranking; the Targets page has all of it, with its evidence. */
const SHORTLIST = 10;

const COLUMNS: Column<TargetResult>[] = [
  { header: "Rank", cell: (result) => result.rank, align: "end" },
  { header: "Gene", cell: (result) => <strong>{result.target.gene_symbol}</strong> },
  { header: "Protein", cell: (result) => result.target.protein_name ?? "—" },
  { header: "Priority score", cell: (result) => formatDecimal(result.priority_score, 3), align: "end" },
  { header: "Coverage", cell: (result) => `${Math.round(result.coverage * 100)} %`, align: "end" },
  {
    header: "Approved for this disease",
    cell: (result) => (approvedLabel(result) ? result.approved_for_disease.join(", ") : "—"),
  },
];

/**
 * The disease's top targets under the default weights and feature set (mode "all"), as the Targets page ranks them
 * (a 202 is waited for the same way), with a link to the whole ranking there.
 */
export function TargetShortlist({ diseaseId, diseaseName }: { diseaseId: string; diseaseName: string }) {
  const identification = useTargetIdentification({
    disease: diseaseId,
    limit: SHORTLIST,
    mode: "all",
    all_genes: false,
  });
  const ranking = identification.data && !isAccepted(identification.data) ? identification.data : null;
  const fullRanking = `${paths.targets}?${new URLSearchParams({ [QUERY_PARAMS.disease]: diseaseId })}`;
  return (
    <div className="stack">
      <IdentificationStatus
        isFetching={identification.isFetching}
        waiting={identification.waiting}
        error={identification.error}
        // The disease is an ontology id: there is no ambiguous name to choose among.
        onChooseDisease={() => undefined}
      />
      {ranking && (
        <>
          <p className="muted">
            The top {Math.min(SHORTLIST, ranking.results.length)} of {ranking.genes_ranked.toLocaleString("en")} genes
            ranked for {ranking.disease.name}: feature set {ranking.feature_set_version}, default weights, all targets
            (approved drugs for the disease count as evidence).
          </p>
          <DataTable
            caption={`Target shortlist for ${diseaseName}`}
            columns={COLUMNS}
            rows={ranking.results}
            rowKey={(result) => result.target.hgnc_id}
            empty="No gene has evidence for this disease in the loaded data."
          />
        </>
      )}
      <p>
        <Link to={fullRanking}>All targets for {diseaseName}, with their evidence</Link>
      </p>
    </div>
  );
}
