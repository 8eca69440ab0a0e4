import { useState, type FormEvent } from "react";
import { splitLines } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { DataTable, type Column } from "../../../components/ui/data-table";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { useLaunchDocking, useOracleJob, useRegisterNegatives, type OracleDockResult } from "../api/oracles";
import { formatNumber } from "../model/results";
import { OracleJobStatus } from "./oracle-job-status";

const RESULT_COLUMNS: Column<OracleDockResult>[] = [
  { header: "SMILES", cell: (r) => <code>{r.smiles ?? r.input}</code> },
  {
    header: "Affinity (kcal/mol)",
    cell: (r) => formatNumber(r.affinity),
    sortValue: (r) => r.affinity ?? 0,
    align: "end",
  },
  { header: "Error", cell: (r) => r.error ?? "—" },
];

/**
 * The negatome's synthetic docking oracle: dock SMILES into a receptor (an upload:// URI of a .pdb or
 * .pdbqt, or a reference PDB id), then register the weak binders as BINDING negatives.
 */
export function DockingOraclePanel() {
  const launch = useLaunchDocking();
  const register = useRegisterNegatives();
  const [receptor, setReceptor] = useState("");
  const [smiles, setSmiles] = useState("");
  const [exhaustiveness, setExhaustiveness] = useState(4);
  const [threshold, setThreshold] = useState(-6);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useOracleJob(jobId);
  const results = (job.data?.result?.final_metrics.results ?? []) as OracleDockResult[];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lines = splitLines(smiles);
    if (!receptor.trim() || lines.length === 0) return;
    register.reset();
    launch.mutate(
      { pdb_s3: receptor.trim(), smiles: lines, exhaustiveness },
      { onSuccess: (created) => setJobId(created.job_id) },
    );
  };

  return (
    <section className="panel stack" aria-labelledby="docking-oracle-title">
      <h2 id="docking-oracle-title" className="panel__title">
        Synthetic docking oracle
      </h2>
      <form className="stack" onSubmit={submit} aria-label="Docking oracle">
        <Field
          label="Receptor"
          hint="An upload:// URI of a .pdb or .pdbqt file, or a reference PDB id such as 1HSG. The box is 22 Å around its co-crystallised ligand."
        >
          {(control) => <input {...control} value={receptor} onChange={(e) => setReceptor(e.target.value)} required />}
        </Field>
        <Field label="SMILES to dock" hint="One per line.">
          {(control) => (
            <textarea {...control} rows={3} value={smiles} onChange={(e) => setSmiles(e.target.value)} required />
          )}
        </Field>
        <Field label="Exhaustiveness">
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              max={32}
              value={exhaustiveness}
              onChange={(e) => setExhaustiveness(Number(e.target.value))}
            />
          )}
        </Field>
        <div className="button-row">
          <Button type="submit" disabled={launch.isPending}>
            Dock
          </Button>
        </div>
      </form>
      {launch.isError && <Notice tone="error">{launch.error.message}</Notice>}
      {job.data && (
        <div className="stack">
          <OracleJobStatus job={job.data} />
          {results.length > 0 && (
            <DataTable
              caption="Docking oracle results"
              columns={RESULT_COLUMNS}
              rows={results}
              rowKey={(r) => r.input}
              empty="Nothing docked."
            />
          )}
          {job.data.status === "completed" && (
            <div className="button-row">
              <Field label="Weaker than (kcal/mol)">
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    step={0.5}
                    value={threshold}
                    onChange={(e) => setThreshold(Number(e.target.value))}
                  />
                )}
              </Field>
              <Button
                variant="secondary"
                onClick={() => register.mutate({ job_id: job.data!.id, affinity_threshold: threshold })}
                disabled={register.isPending}
              >
                Register weak binders as negatives
              </Button>
            </div>
          )}
          {register.isError && <Notice tone="error">{register.error.message}</Notice>}
          {register.data && (
            <Notice tone="success">
              {register.data.registered} weak binder(s) found; {register.data.inserted} negatome record(s) registered,{" "}
              {register.data.skipped} already known.
            </Notice>
          )}
        </div>
      )}
    </section>
  );
}
