import type { WorkflowHit } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { DataTable, type Column } from "../../../components/ui/data-table";
import { MoleculeDrawing } from "../../../components/ui/molecule-drawing";
import { RiskBadge } from "../../../components/risk-badge";
import { formatNumber } from "../model/results";

type RankedHit = WorkflowHit & { rank: number };

function columns(
  docking: boolean,
  interactions: boolean,
  leadOpt: boolean,
  onShowPose: (hit: RankedHit) => void,
): Column<RankedHit>[] {
  const cols: Column<RankedHit>[] = [
    { header: "Rank", cell: (h) => h.rank, sortValue: (h) => h.rank },
    { header: "Structure", cell: (h) => <MoleculeDrawing svg={h.svg} smiles={h.smiles} /> },
    {
      header: "Compound",
      cell: (h) => (
        <span className="stack stack--tight">
          <strong>{h.name ?? "—"}</strong>
          <code className="smiles">{h.smiles}</code>
        </span>
      ),
    },
  ];
  if (docking)
    // Interaction similarity shares the affinity's column: a column of its own did not fit the run page at 1280 px.
    cols.push({
      header: interactions ? "Affinity (kcal/mol) / IFP similarity" : "Affinity (kcal/mol)",
      cell: (h) => (
        <span className="stack stack--tight">
          <span className="hits-table__affinity">{formatNumber(h.affinity)}</span>
          {interactions && (
            <span
              className="muted"
              title="Interaction similarity: Tanimoto of the pose's interaction fingerprint to the co-crystallised ligand's"
            >
              IFP {formatNumber(h.interaction_similarity, 2)}
            </span>
          )}
        </span>
      ),
      sortValue: (h) => h.affinity ?? 0,
      align: "end",
    });
  else
    cols.push({
      header: "Similarity to actives",
      cell: (h) => formatNumber(h.activity),
      sortValue: (h) => h.activity ?? 0,
      align: "end",
    });
  cols.push(
    {
      header: "SA score",
      cell: (h) => formatNumber(h.synthetic_accessibility),
      sortValue: (h) => h.synthetic_accessibility ?? 10,
      align: "end",
    },
    { header: "QED", cell: (h) => formatNumber(h.properties.qed), sortValue: (h) => h.properties.qed, align: "end" },
    { header: "Fitness", cell: (h) => formatNumber(h.fitness, 3), sortValue: (h) => h.fitness, align: "end" },
  );
  if (leadOpt) {
    cols.push({
      header: "Δ vs parent",
      cell: (h) =>
        h.deltas ? (
          <span className="muted">
            fitness {signed(h.deltas.fitness)}, activity {signed(h.deltas.activity)}, SA{" "}
            {signed(h.deltas.synthetic_accessibility)}, logP {signed(h.deltas.logp)}
          </span>
        ) : (
          "—"
        ),
    });
  }
  cols.push({
    header: "Notes",
    cell: (h) => {
      const notes = [...(h.strategy ? [h.strategy] : []), ...h.warnings, ...h.errors].join("; ");
      return (
        <span className="stack stack--tight">
          {h.negatome_risk !== undefined && <RiskBadge score={h.negatome_risk} />}
          {notes || (h.negatome_risk === undefined ? "—" : null)}
        </span>
      );
    },
  });
  if (docking) {
    cols.push({
      header: "Pose",
      cell: (h) =>
        h.pose_pdbqt ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onShowPose(h)}
            aria-label={`View pose of ${h.name ?? h.smiles}`}
          >
            View pose
          </Button>
        ) : (
          "—"
        ),
    });
  }
  return cols;
}

function signed(value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return `${value > 0 ? "+" : ""}${value.toFixed(2)}`;
}

/**
 * Ranked hits (or an analog series) with drawings, scores and a pose button when docked. The
 * `hits-table` block (science.css) fits the run page's panel at desktop widths and, when it cannot,
 * scrolls inside it with the structure column kept in view.
 */
export function HitsTable({
  hits,
  caption,
  docking,
  leadOpt,
  onShowPose,
}: {
  hits: WorkflowHit[];
  caption: string;
  docking: boolean;
  leadOpt: boolean;
  onShowPose: (hit: WorkflowHit) => void;
}) {
  const rows = hits.map((hit, index) => ({ ...hit, rank: index + 1 }));
  return (
    <DataTable
      className="hits-table"
      caption={caption}
      columns={columns(
        docking,
        hits.some((h) => h.interaction_similarity !== undefined),
        leadOpt,
        onShowPose,
      )}
      rows={rows}
      rowKey={(h) => h.smiles}
      empty="No compound was scored."
      pageSize={25}
    />
  );
}
