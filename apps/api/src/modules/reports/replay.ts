import type { ComputePool } from "@sieve/compute/pool";
import type { ReplayOutcome } from "@sieve/contracts";
import { sha256Hex } from "../../http/canonical-json";
import { readTarGz, writeTarGz, type ArchiveEntry } from "./archive";
import { manifestJson, smilesFile, type RunRecordSet } from "./manifest";
import type { Manifest } from "@sieve/contracts";
import { molecularOutputs } from "./run-outputs";
import { groupCurves } from "../engine/store";
import { MolecularJobInput } from "../runs/molecular-job";
import { sign, softwareVersions } from "./software";

/**
 * Replay bundles: what is needed to re-run a run and check its outputs, and nothing else — the run's
 * configuration and seed, the inputs the user sent (worker-side `local:` files only as SHA-256), the
 * software versions, the expected outputs with their SHA-256, the manifest, a `CHECKSUMS.sha256` over
 * every file (`sha256sum -c` reads it) and the server's HMAC of that checksum list. No source code.
 */
export const CHECKSUMS = "CHECKSUMS.sha256";
export const SIGNATURE = "SIGNATURE.json";

export class BundleRefused extends Error {}

interface RunFile {
  bundle_version: 1;
  run_id: string;
  workflow: string;
  domain: string | null;
  execution: string | null;
  created_at: string;
  /** The engine job's input without the inline SMILES (those are `inputs/starting_smiles.smi`). */
  config: Record<string, unknown>;
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + "\n";

/** A file the user uploaded for the run, with its content, for the bundle's `inputs/uploads/`. */
export interface UploadedInput {
  uri: string;
  name: string;
  sha256: string;
  content: Uint8Array;
}

export function buildReplayBundle(
  records: RunRecordSet,
  manifest: Manifest,
  jwtSecret: Uint8Array,
  uploads: UploadedInput[] = [],
): Buffer {
  const { run, job } = records;
  const { smiles, execution, ...config } = run.config as Record<string, unknown> & {
    smiles?: string[];
    execution?: string;
  };
  const entries: ArchiveEntry[] = [];
  const runFile: RunFile = {
    bundle_version: 1,
    run_id: run.id,
    workflow: run.workflow,
    domain: job?.domain ?? null,
    execution: (execution as string | undefined) ?? job?.execution ?? null,
    created_at: run.created_at,
    config,
  };
  entries.push({ name: "README.txt", content: readme(runFile) });
  entries.push({ name: "run.json", content: json(runFile) });
  entries.push({
    name: "seeds.json",
    content: json({ seed: config.seed ?? null, generator: "xoshiro128** (seeded; no other randomness)" }),
  });
  if (smiles?.length) entries.push({ name: "inputs/starting_smiles.smi", content: smilesFile(smiles) });
  if (uploads.length) {
    const files = uploads.map((upload, index) => ({
      uri: upload.uri,
      sha256: upload.sha256,
      file: `inputs/uploads/${String(index + 1).padStart(2, "0")}-${upload.name.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 60)}`,
    }));
    uploads.forEach((upload, index) => entries.push({ name: files[index]!.file, content: upload.content }));
    entries.push({
      name: "inputs/uploads.json",
      content: json({ note: "Files the run read by upload:// URI, as uploaded.", files }),
    });
  }
  const workerSide = records.inputs.filter((input) => input.uri.startsWith("local:"));
  if (workerSide.length) {
    entries.push({
      name: "inputs/worker-side-inputs.json",
      content: json({
        note: "These files stayed on the organization's worker; only their SHA-256 is known. Run the bundle on a worker whose data folder holds them at the same path.",
        files: workerSide,
      }),
    });
  }
  entries.push({ name: "software.json", content: json(softwareVersions(job?.domain ?? null)) });
  const metrics = manifest.steps[0]?.metrics ?? {};
  entries.push({
    name: "outputs/expected.json",
    content: json({ metrics, outputs: records.outputs.map(({ name, sha256 }) => ({ name, sha256 })) }),
  });
  for (const output of records.outputs) entries.push({ name: output.name, content: output.content });
  entries.push({ name: "manifest.json", content: manifestJson(manifest) + "\n" });
  const checksums =
    entries
      .map((e) => `${sha256Hex(typeof e.content === "string" ? Buffer.from(e.content) : e.content)}  ${e.name}`)
      .join("\n") + "\n";
  entries.push({ name: CHECKSUMS, content: checksums });
  entries.push({ name: SIGNATURE, content: json({ ...sign(jwtSecret, checksums), signed: CHECKSUMS }) });
  return writeTarGz(entries);
}

function readme(run: RunFile): string {
  return [
    `Sieve replay bundle for run ${run.run_id} (${run.workflow}).`,
    "",
    "run.json            the run's configuration (engine input)",
    "seeds.json          the random seed",
    "inputs/             the inputs the user sent; worker-side files are listed with their SHA-256 only",
    "software.json       Sieve, RDKit and oracle versions",
    "outputs/            the expected outputs; outputs/expected.json lists their SHA-256 and the metrics",
    "manifest.json       the signed provenance manifest",
    "CHECKSUMS.sha256    SHA-256 of every file above (check with: sha256sum -c CHECKSUMS.sha256)",
    "SIGNATURE.json      HMAC-SHA256 of CHECKSUMS.sha256 with the issuing server's key",
    "",
    "Re-run and compare: npm run replay -- <this file>   or   POST /v1/replays (multipart, field bundle)",
    "",
  ].join("\n");
}

export interface VerifiedBundle {
  files: Map<string, Buffer>;
  run: RunFile;
  expected: { name: string; sha256: string }[];
  signatureVerified: boolean;
}

/** Reads a bundle and refuses it unless every file matches its checksum and none is missing or added. */
export async function verifyBundle(archive: Uint8Array, jwtSecret: Uint8Array | null): Promise<VerifiedBundle> {
  let files: Map<string, Buffer>;
  try {
    files = await readTarGz(archive);
  } catch (error) {
    throw new BundleRefused(`not a readable replay bundle: ${error instanceof Error ? error.message : String(error)}`);
  }
  const checksums = files.get(CHECKSUMS);
  if (!checksums) throw new BundleRefused(`${CHECKSUMS} is missing`);
  const listed = new Map<string, string>();
  for (const line of checksums.toString("utf8").split("\n").filter(Boolean)) {
    const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!match) throw new BundleRefused(`${CHECKSUMS} has a malformed line`);
    listed.set(match[2]!, match[1]!);
  }
  for (const [name, expected] of listed) {
    const content = files.get(name);
    if (!content) throw new BundleRefused(`${name} is listed in ${CHECKSUMS} but missing`);
    if (sha256Hex(content) !== expected)
      throw new BundleRefused(`${name} does not match its checksum: the bundle was modified`);
  }
  for (const name of files.keys()) {
    if (name !== CHECKSUMS && name !== SIGNATURE && !listed.has(name))
      throw new BundleRefused(`${name} is not listed in ${CHECKSUMS}`);
  }
  let signatureVerified = false;
  const signatureFile = files.get(SIGNATURE);
  if (signatureFile && jwtSecret) {
    const signature = JSON.parse(signatureFile.toString("utf8")) as { key_id?: string; value?: string };
    const ours = sign(jwtSecret, checksums.toString("utf8"));
    // Signed with this server's key but not matching: the checksum list itself was rewritten.
    if (signature.key_id === ours.key_id && signature.value !== ours.value)
      throw new BundleRefused(`${SIGNATURE} does not match ${CHECKSUMS}: the bundle was modified`);
    signatureVerified = signature.value === ours.value;
  }
  const run = JSON.parse(files.get("run.json")?.toString("utf8") ?? "null") as RunFile | null;
  const expected = JSON.parse(files.get("outputs/expected.json")?.toString("utf8") ?? "null") as {
    outputs: { name: string; sha256: string }[];
  } | null;
  if (!run || !expected) throw new BundleRefused("run.json or outputs/expected.json is missing");
  return { files, run, expected: expected.outputs, signatureVerified };
}

/** Re-executes a verified bundle's run on this platform's compute threads and compares output by output. */
export async function executeReplay(pool: ComputePool, bundle: VerifiedBundle): Promise<ReplayOutcome> {
  const started = performance.now();
  const base = { run_id: bundle.run.run_id, checksums_verified: true, signature_verified: bundle.signatureVerified };
  const notReplayable = (reason: string): ReplayOutcome => ({
    ...base,
    status: "not_replayable",
    reason,
    duration_s: 0,
    outputs: bundle.expected.map((e) => ({
      name: e.name,
      expected_sha256: e.sha256,
      actual_sha256: null,
      identical: false,
    })),
  });
  if (bundle.run.domain !== "molecular")
    return notReplayable(
      `runs of the ${bundle.run.domain ?? bundle.run.workflow} kind cannot be replayed yet; only molecular optimization runs`,
    );
  const smiles = bundle.files.get("inputs/starting_smiles.smi")?.toString("utf8").split("\n").filter(Boolean) ?? [];
  if (!smiles.length)
    return notReplayable("the run read worker-side (local:) inputs; replay it on that organization's worker");
  // A run stored before med-chem acceptability existed (issue #24) ran without it: replay it the same way.
  const checked = MolecularJobInput.safeParse({
    acceptability: { filters: false, max_sa_score: 10 },
    ...bundle.run.config,
    smiles,
  });
  if (!checked.success) {
    const [issue] = checked.error.issues;
    return notReplayable(`its run config is not a molecular run's (${issue?.path.join(".")}: ${issue?.message})`);
  }
  const input = checked.data;
  const points: { name: string; x: number; y: number }[] = [];
  const output = await pool.run("engine.molecular", input, {
    priority: "batch",
    onProgress: (event) => points.push(...((event as { points?: typeof points }).points ?? [])),
  });
  const actual = new Map(
    molecularOutputs(bundle.run.run_id, output.final_metrics, groupCurves(points)).map((o) => [o.name, o.sha256]),
  );
  const outputs = bundle.expected.map((e) => ({
    name: e.name,
    expected_sha256: e.sha256,
    actual_sha256: actual.get(e.name) ?? null,
    identical: actual.get(e.name) === e.sha256,
  }));
  return {
    ...base,
    status: outputs.every((o) => o.identical) && actual.size === outputs.length ? "identical" : "different",
    reason: null,
    duration_s: Number(((performance.now() - started) / 1000).toFixed(2)),
    outputs,
  };
}
