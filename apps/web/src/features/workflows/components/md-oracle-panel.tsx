import { useState, type ChangeEvent, type FormEvent } from "react";
import { ORACLE_UPLOAD_KINDS } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { LineChart } from "../../../components/ui/line-chart";
import { Notice } from "../../../components/ui/notice";
import { uploadFile } from "../../../lib/endpoints";
import { useLaunchMd, useOracleJob, useRegisterNegatives } from "../api/oracles";
import { formatNumber } from "../model/results";
import { OracleJobStatus } from "./oracle-job-status";

interface MdSeriesPoint {
  t_ps: number;
  value: number;
}

/** The parts of the MD oracle's result (`MdResult` in @sieve/workflows) this panel shows. */
interface MdOracleResult {
  oracle: { version: string };
  system: { atoms: number; rmsd_group: string; mdp: string };
  minimisation: { converged: boolean; steps: number; potential_kj_mol: number; max_force: number };
  nvt: {
    ns_completed: number;
    steps: number;
    temperature_mean_k: number | null;
    potential_mean_kj_mol: number | null;
    rmsd_nm: MdSeriesPoint[];
    potential_kj_mol: MdSeriesPoint[];
    rmsd_final_nm: number | null;
    crashed: string | null;
  };
  stable: boolean;
  instability: string[];
  wall_time_s: number;
}

const DEFAULT_RMSD_THRESHOLD_NM = 0.3;

/**
 * The negatome's synthetic MD oracle: upload a GROMACS system (tarball with .gro, .top and an
 * optional .mdp), minimise it and run a short NVT, then register an unstable complex as a negative.
 */
export function MdOraclePanel() {
  const launch = useLaunchMd();
  const register = useRegisterNegatives();
  const [systemUri, setSystemUri] = useState<string | null>(null);
  const [uploadNote, setUploadNote] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [ns, setNs] = useState(0.01);
  const [ligand, setLigand] = useState("");
  const [threshold, setThreshold] = useState(DEFAULT_RMSD_THRESHOLD_NM);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useOracleJob(jobId);
  const result =
    job.data?.status === "completed"
      ? (job.data.result?.final_metrics as unknown as MdOracleResult | undefined)
      : undefined;
  const progress = job.data?.progress as { stage?: string; step?: number; steps?: number } | null | undefined;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setUploading(true);
    try {
      const uploaded = await uploadFile("md_system", file);
      setSystemUri(uploaded.uri);
      setUploadNote({ tone: "success", text: `File uploaded successfully: ${uploaded.name}` });
    } catch (error) {
      setSystemUri(null);
      setUploadNote({
        tone: "error",
        text: error instanceof Error ? error.message : "File upload failed. Please try again.",
      });
    } finally {
      setUploading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!systemUri) return;
    register.reset();
    launch.mutate(
      { system_tar_s3: systemUri, ns, ...(ligand.trim() ? { ligand_smiles: ligand.trim() } : {}) },
      { onSuccess: (created) => setJobId(created.job_id) },
    );
  };

  return (
    <section className="panel stack" aria-labelledby="md-oracle-title">
      <h2 id="md-oracle-title" className="panel__title">
        Synthetic MD oracle
      </h2>
      <p className="muted">
        GROMACS steepest-descent minimisation, then NVT dynamics at 300 K (V-rescale, 2 fs steps unless the system's
        .mdp says otherwise). A complex whose RMSD drifts past the threshold, or that crashes, can be registered as a
        BINDING negative.
      </p>
      <form className="stack" onSubmit={submit} aria-label="MD oracle">
        <Field
          label="GROMACS system"
          hint={`A ${ORACLE_UPLOAD_KINDS.md_system.join(" / ")} archive holding one .gro and one .top (force-field includes by name, its own .itp files), and optionally an .mdp.`}
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept={ORACLE_UPLOAD_KINDS.md_system.join(",")}
              onChange={onFile}
              disabled={uploading}
            />
          )}
        </Field>
        {uploadNote && <Notice tone={uploadNote.tone}>{uploadNote.text}</Notice>}
        <Field label="Simulated time (ns)" hint="Bounded by the server's MD_MAX_NS (10 ns by default).">
          {(control) => (
            <input
              {...control}
              type="number"
              min={0.001}
              step={0.001}
              value={ns}
              onChange={(e) => setNs(Number(e.target.value))}
              required
            />
          )}
        </Field>
        <Field
          label="Ligand SMILES (optional)"
          hint="The compound in the simulated complex; needed to register an unstable run."
        >
          {(control) => <input {...control} value={ligand} onChange={(e) => setLigand(e.target.value)} />}
        </Field>
        <div className="button-row">
          <Button type="submit" disabled={launch.isPending || uploading || !systemUri}>
            Run MD
          </Button>
        </div>
      </form>
      {launch.isError && <Notice tone="error">{launch.error.message}</Notice>}
      {job.data && (
        <div className="stack">
          <OracleJobStatus
            job={job.data}
            activity={
              progress?.stage &&
              `${progress.stage === "nvt" ? "NVT" : "minimisation"} step ${progress.step ?? 0}${progress.stage === "nvt" && progress.steps ? ` of ${progress.steps}` : ""}`
            }
          />
          {result && <MdResultView result={result} />}
          {result && (
            <div className="button-row">
              <Field label="Unstable above RMSD (nm)">
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    min={0.01}
                    step={0.05}
                    value={threshold}
                    onChange={(e) => setThreshold(Number(e.target.value))}
                  />
                )}
              </Field>
              <Button
                variant="secondary"
                onClick={() =>
                  register.mutate({
                    job_id: job.data!.id,
                    rmsd_threshold_nm: threshold,
                    ...(ligand.trim() ? { ligand_smiles: ligand.trim() } : {}),
                  })
                }
                disabled={register.isPending}
              >
                Register if unstable
              </Button>
            </div>
          )}
          {register.isError && <Notice tone="error">{register.error.message}</Notice>}
          {register.data && (
            <Notice tone="success">
              {register.data.registered === 0
                ? "The run is stable at this threshold; nothing registered."
                : `${register.data.inserted} negatome record(s) registered, ${register.data.skipped} already known.`}
            </Notice>
          )}
        </div>
      )}
    </section>
  );
}

function MdResultView({ result }: { result: MdOracleResult }) {
  return (
    <div className="stack">
      <Notice tone={result.stable ? "success" : "warning"}>
        {result.stable ? "Stable over the run." : `Unstable: ${result.instability.join("; ")}`}
      </Notice>
      <dl className="facts">
        <div>
          <dt>System</dt>
          <dd>
            {result.system.atoms.toLocaleString()} atoms; RMSD on {result.system.rmsd_group}; parameters:{" "}
            {result.system.mdp}
          </dd>
        </div>
        <div>
          <dt>Minimisation</dt>
          <dd>
            {result.minimisation.converged ? "converged" : "did not converge"} in {result.minimisation.steps} steps; E
            <sub>pot</sub> {formatNumber(result.minimisation.potential_kj_mol, 0)} kJ/mol, F<sub>max</sub>{" "}
            {formatNumber(result.minimisation.max_force, 0)} kJ/mol/nm
          </dd>
        </div>
        <div>
          <dt>NVT</dt>
          <dd>
            {result.nvt.ns_completed} ns ({result.nvt.steps} steps); mean T{" "}
            {formatNumber(result.nvt.temperature_mean_k, 1)} K; mean E<sub>pot</sub>{" "}
            {formatNumber(result.nvt.potential_mean_kj_mol, 0)} kJ/mol; final RMSD{" "}
            {formatNumber(result.nvt.rmsd_final_nm, 3)} nm
          </dd>
        </div>
        <div>
          <dt>Wall time</dt>
          <dd>
            {formatNumber(result.wall_time_s, 1)} s ({result.oracle.version})
          </dd>
        </div>
      </dl>
      {result.nvt.rmsd_nm.length > 0 && (
        <LineChart
          title="RMSD over time"
          xLabel="Time (ps)"
          yLabel="RMSD (nm)"
          series={[
            {
              name: "rmsd",
              label: `${result.system.rmsd_group} RMSD`,
              tone: "primary",
              points: result.nvt.rmsd_nm.map((p) => ({ x: p.t_ps, y: p.value })),
            },
          ]}
          height={220}
        />
      )}
    </div>
  );
}
