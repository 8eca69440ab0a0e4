import { ReviewControl } from "../../../components/review-control";
import { MoleculeDrawing } from "../../../components/ui/molecule-drawing";
import { Notice } from "../../../components/ui/notice";
import { formatDecimal } from "../../../lib/format";
import { useMoleculeDrawings } from "../../../lib/molecule-drawings";
import type { BestMolecule } from "../model/engine-job";

/**
 * A finished run's best molecules, drawn by the analysis endpoint, with fitness, the optimised
 * properties, the SA score and the med-chem filter verdict; with the job's run, each can be accepted or rejected (a molecule is reviewed within its run).
 */
export function BestMolecules({ molecules, runId = null }: { molecules: BestMolecule[]; runId?: string | null }) {
  const drawings = useMoleculeDrawings(molecules.map((molecule) => molecule.smiles));
  if (molecules.length === 0) return <p className="muted">The run reported no molecules.</p>;
  return (
    <div className="stack">
      {drawings.isError && <Notice tone="warning">The structures could not be drawn: {drawings.error.message}</Notice>}
      <ol className="best-molecules" aria-label="Best molecules">
        {molecules.map((molecule, index) => (
          <li key={`${index}-${molecule.smiles}`} className="best-molecule">
            <MoleculeDrawing
              svg={drawings.data?.get(molecule.smiles)}
              smiles={molecule.smiles}
              size="md"
              placeholder={drawings.isPending ? "Drawing…" : "No drawing"}
            />
            <p className="best-molecule__rank">
              #{index + 1} · fitness <strong>{formatDecimal(molecule.fitness, 4)}</strong>
            </p>
            <code className="best-molecule__smiles">{molecule.smiles}</code>
            <dl className="best-molecule__properties">
              <div>
                <dt>logP</dt>
                <dd>{formatDecimal(molecule.properties.logp, 2)}</dd>
              </div>
              <div>
                <dt>MW</dt>
                <dd>{formatDecimal(molecule.properties.molecular_weight, 1)}</dd>
              </div>
              <div>
                <dt>TPSA</dt>
                <dd>{formatDecimal(molecule.properties.tpsa, 1)}</dd>
              </div>
              <div>
                <dt>QED</dt>
                <dd>{formatDecimal(molecule.properties.qed, 3)}</dd>
              </div>
              <div>
                <dt>SA score</dt>
                <dd>{formatDecimal(molecule.properties.sa_score, 2)}</dd>
              </div>
            </dl>
            <AcceptabilityVerdict acceptability={molecule.acceptability} />
            {runId && (
              <ReviewControl
                kind="molecule"
                itemId={molecule.smiles}
                runId={runId}
                label={`best molecule #${index + 1} (${molecule.smiles})`}
              />
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Med-chem filters and SA limit: passed, or every rule the molecule fails (issue #24). */
function AcceptabilityVerdict({ acceptability }: { acceptability: BestMolecule["acceptability"] }) {
  if (!acceptability) return <p className="muted">Med-chem filters: not checked in this run.</p>;
  if (acceptability.passes) return <p className="best-molecule__verdict">Med-chem filters: all passed</p>;
  return (
    <div className="best-molecule__verdict best-molecule__verdict--fail">
      <p>Med-chem filters: fails {acceptability.failed.length}</p>
      <ul aria-label="Failed filters">
        {acceptability.failed.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}
