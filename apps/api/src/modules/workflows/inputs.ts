import { existsSync, readFileSync, readdirSync } from "node:fs";
import { extname, join } from "node:path";
import {
  dockingOptionsOf,
  invalidUploadReferences,
  missingWorkflowInputs,
  parseUploadUri,
  splitLines,
  type RunConfig,
} from "@sieve/contracts";
import type { ComputePool } from "@sieve/compute/pool";
import type { Database } from "@sieve/db";
import { drugCentralActives, readAtoms, resolveBox, stripToProtein, type KnownActive } from "@sieve/workflows";
import { dockingSettings } from "./docking";
import { databaseBlobStore } from "../../storage/blob-store";
import { uploadsStore } from "../uploads/store";
import type { TenantScope } from "../../plugins/authentication";

/** A file a workflow reads: an upload of the caller's organization, or a reference structure. */
export interface WorkflowFile {
  name: string;
  text: string;
  /** upload://… or reference:structures/<ID>.pdb */
  source: string;
}

export class WorkflowInputError extends Error {}

const PDB_ID = /^[0-9][A-Za-z0-9]{3}$/;
const UNIPROT_ID = /^([OPQ][0-9][A-Z0-9]{3}[0-9]|[A-NR-Z][0-9]([A-Z][A-Z0-9]{2}[0-9]){1,2})$/;
/** A file named by an address (s3://, https://, file://…): of these only `upload://` is read. */
const ADDRESS = /^([a-z][a-z0-9+.-]*):\/\//i;

/** Why a field's address cannot be read (anything but an upload), or null when it is not an address. */
function unreadableAddress(label: string, value: string, what: string): string | null {
  const scheme = ADDRESS.exec(value)?.[1];
  if (!scheme || scheme.toLowerCase() === "upload") return null;
  return `${label} ${value}: ${scheme}:// addresses are not read; upload the file (upload://…) or ${what}`;
}

/** The PDB ids of the reference structures (`REFERENCE_DATA_DIR/structures/<ID>.pdb`). */
function referenceStructureIds(referenceRoot: string): string[] {
  const dir = join(referenceRoot, "structures");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => /\.pdb$/i.test(file))
    .map((file) => file.slice(0, -4).toUpperCase())
    .sort();
}

/** Reads `upload://` files of the job's organization (never another's: the store is tenant-scoped). */
export function workflowFiles(db: Database, scope: TenantScope, referenceRoot: string) {
  const uploads = uploadsStore(db, scope);
  const blobs = databaseBlobStore(db);

  /** An upload's name, URI and raw bytes (binary files such as tarballs are read this way). */
  async function readUploadBytes(
    uri: string,
    label: string,
  ): Promise<{ name: string; source: string; content: Uint8Array }> {
    const ref = parseUploadUri(uri);
    const upload = ref ? await uploads.get(ref.id) : null;
    if (!upload) throw new WorkflowInputError(`${label} ${uri} is not an upload of this organization`);
    const content = await blobs.get(upload.blob_id);
    if (!content) throw new WorkflowInputError(`${label} ${uri} has no stored content`);
    return { name: upload.name, source: upload.uri, content };
  }

  async function readUpload(uri: string, label: string): Promise<WorkflowFile> {
    const { name, source, content } = await readUploadBytes(uri, label);
    return { name, text: new TextDecoder().decode(content), source };
  }

  return {
    readUpload,
    readUploadBytes,

    /**
     * The Target Protein field: an uploaded .pdb/.pdbqt (docked), a PDB id found among the reference
     * structures (`REFERENCE_DATA_DIR/structures/<ID>.pdb`), or a UniProt accession (ligand-based).
     */
    async target(value: string | null): Promise<{
      structure: (WorkflowFile & { format: "pdb" | "pdbqt" }) | null;
      uniprot: string | null;
      note: string | null;
    }> {
      if (!value) return { structure: null, uniprot: null, note: null };
      const address = unreadableAddress("Target Protein", value, "give a PDB id or a UniProt accession");
      if (address) return { structure: null, uniprot: null, note: address };
      if (value.startsWith("upload://")) {
        const file = await readUpload(value, "Target Protein");
        const ending = extname(file.name).toLowerCase();
        if (ending !== ".pdb" && ending !== ".pdbqt")
          throw new WorkflowInputError(`Target Protein ${file.name} must be a .pdb or .pdbqt file`);
        return { structure: { ...file, format: ending === ".pdbqt" ? "pdbqt" : "pdb" }, uniprot: null, note: null };
      }
      if (PDB_ID.test(value)) {
        const path = join(referenceRoot, "structures", `${value.toUpperCase()}.pdb`);
        if (!existsSync(path)) {
          const known = referenceStructureIds(referenceRoot);
          return {
            structure: null,
            uniprot: null,
            note: `PDB entry ${value.toUpperCase()} is not among the reference structures (${known.length ? known.join(", ") : "none are loaded"}); upload its .pdb file to dock into it`,
          };
        }
        return {
          structure: {
            name: `${value.toUpperCase()}.pdb`,
            text: readFileSync(path, "utf8"),
            source: `reference:structures/${value.toUpperCase()}.pdb`,
            format: "pdb",
          },
          uniprot: null,
          note: null,
        };
      }
      if (UNIPROT_ID.test(value.toUpperCase())) return { structure: null, uniprot: value.toUpperCase(), note: null };
      return {
        structure: null,
        uniprot: null,
        note: `Target Protein "${value}" is neither an upload, a PDB id nor a UniProt accession`,
      };
    },

    /** Hit compounds: an upload of a compound file, or SMILES lines typed into the field. */
    async compounds(value: string | null, label: string): Promise<{ name: string; text: string } | null> {
      if (!value) return null;
      const address = unreadableAddress(label, value, "type SMILES lines into the field");
      if (address) throw new WorkflowInputError(address);
      if (value.startsWith("upload://")) return readUpload(value, label);
      return { name: "typed.smi", text: splitLines(value).join("\n") };
    },

    /** Approved-drug ligands of a UniProt accession from the DrugCentral reference files. */
    referenceActives(uniprot: string | null): KnownActive[] {
      if (!uniprot || !drugCentralLoaded(referenceRoot)) return [];
      const dir = join(referenceRoot, "drugcentral");
      return drugCentralActives(
        uniprot,
        readFileSync(join(dir, "drug_target.tsv"), "utf8"),
        readFileSync(join(dir, "structures.smiles.tsv"), "utf8"),
      );
    },
  };
}

function drugCentralLoaded(referenceRoot: string): boolean {
  const dir = join(referenceRoot, "drugcentral");
  return existsSync(join(dir, "drug_target.tsv")) && existsSync(join(dir, "structures.smiles.tsv"));
}

/**
 * Why a run has nothing to score its compounds against (no receptor to dock into and no known active), naming
 * the one cause: the target that did not resolve, DrugCentral not loaded, or an accession without ligands.
 */
export function missingActivityReason(
  target: { structure: unknown; uniprot: string | null; note: string | null },
  includeDocking: boolean,
  referenceRoot: string,
): string {
  const remedy = "upload the target's .pdb to dock into, or give Hit Compounds as known actives";
  if (target.note) return target.note;
  if (target.uniprot && !drugCentralLoaded(referenceRoot))
    return `UniProt ${target.uniprot} has no known ligands here because the DrugCentral reference data is not loaded (load it from the Dashboard); ${remedy}`;
  if (target.uniprot) return `DrugCentral lists no approved-drug ligand of UniProt ${target.uniprot}; ${remedy}`;
  if (target.structure && !includeDocking) return `Docking is off and there are no known actives; ${remedy}`;
  return `No Target Protein to dock into and no known actives; ${remedy}`;
}

/** How far (Å) a docking box's centre may lie from the nearest protein atom before the box is refused. */
const MAX_BOX_DISTANCE = 8;

type InputProblem = { path: string; message: string };

/**
 * What would make a run fail or score nothing, found before it is queued (422, each naming its field): a compound
 * file that cannot be read or holds no structure, a target that does not resolve, nothing to score against, and
 * for docking a receptor without protein atoms, a structure without a ligand to centre the box on, a box away
 * from the protein. Only file reads and text parsing: nothing is docked here.
 */
export async function runInputProblems(
  db: Database,
  compute: Pick<ComputePool, "run">,
  scope: TenantScope,
  referenceRoot: string,
  config: RunConfig,
): Promise<InputProblem[]> {
  // Missing and malformed inputs are reported by the run's own validation, with their own messages.
  if (missingWorkflowInputs(config).length || invalidUploadReferences(config).length) return [];
  const files = workflowFiles(db, scope, referenceRoot);
  const { inputs } = config;
  const compoundFields: [keyof typeof inputs & string, string, string | null][] = [
    ["compound_library", "Compound Library", config.workflow === "vhts" ? inputs.compound_library : null],
    ["hit_compounds", "Hit Compounds", inputs.hit_compounds],
    ["analogs_file", "Analog set", inputs.analogs_strategy === "upload_custom" ? inputs.analogs_file : null],
  ];
  const problems: InputProblem[] = [...dockingOptionsOf(config).problems];
  for (const [field, label, value] of compoundFields) {
    try {
      const file = await files.compounds(value, label);
      const unread = file && field === "compound_library" ? await unreadLibraryProblem(compute, label, file) : null;
      if (unread) problems.push({ path: `inputs.${field}`, message: unread });
    } catch (error) {
      if (!(error instanceof WorkflowInputError)) throw error;
      problems.push({ path: `inputs.${field}`, message: error.message });
    }
  }
  const output = inputs.output_location ? ADDRESS.exec(inputs.output_location)?.[1] : undefined;
  if (output && output.toLowerCase() !== "upload")
    problems.push({
      path: "inputs.output_location",
      message: `Output Location ${inputs.output_location}: ${output}:// addresses are not written; give a folder under the data folder or upload://`,
    });
  if (problems.length || config.workflow === "custom" || !inputs.target_protein) return problems;

  let target;
  try {
    target = await files.target(inputs.target_protein);
  } catch (error) {
    if (error instanceof WorkflowInputError) return [{ path: "inputs.target_protein", message: error.message }];
    throw error;
  }
  if (target.note) return [{ path: "inputs.target_protein", message: target.note }];
  const docking = inputs.include_docking && target.structure !== null;
  // Lead optimization's hits are its known actives; a screen needs DrugCentral's or the Hit Compounds.
  if (!docking && config.workflow === "vhts" && !inputs.hit_compounds && !files.referenceActives(target.uniprot).length)
    return [
      { path: "inputs.target_protein", message: missingActivityReason(target, inputs.include_docking, referenceRoot) },
    ];
  if (!docking || target.structure!.format !== "pdb") return [];
  return dockingStructureProblems(target.structure!.name, target.structure!.text, config);
}

/**
 * A compound library without a structure RDKit reads: an empty file, a CSV without a SMILES column, or lines that are
 * none of them a molecule. RDKit reads on a compute thread, stopping at the first readable record.
 */
async function unreadLibraryProblem(
  compute: Pick<ComputePool, "run">,
  label: string,
  file: { name: string; text: string },
): Promise<string | null> {
  const { records, readable, file_error } = await compute.run("compounds.library_readability", file);
  if (file_error) return `${label} ${file.name}: ${file_error}`;
  if (readable) return null;
  return records === 0
    ? `${label} ${file.name} holds no structure (SMILES lines, CSV rows or SDF records)`
    : `${label} ${file.name}: RDKit reads none of its ${records} structure${records === 1 ? "" : "s"} as a molecule`;
}

function dockingStructureProblems(name: string, text: string, config: RunConfig): InputProblem[] {
  try {
    stripToProtein(text);
  } catch {
    return [{ path: "inputs.target_protein", message: `${name} has no protein atoms (ATOM records) to dock into` }];
  }
  let box;
  try {
    box = resolveBox(text, dockingSettings(config).box);
  } catch (error) {
    return [{ path: "modules.Docking", message: `${name}: ${error instanceof Error ? error.message : String(error)}` }];
  }
  const protein = readAtoms(text).filter((atom) => atom.record === "ATOM");
  const nearest = protein.reduce(
    (min, a) => Math.min(min, Math.hypot(a.x - box.center[0], a.y - box.center[1], a.z - box.center[2])),
    Infinity,
  );
  if (nearest > MAX_BOX_DISTANCE)
    return [
      {
        path: "modules.Docking",
        message: `The docking box centre (${box.center.join(", ")}) is ${nearest.toFixed(1)} Å from the nearest protein atom of ${name}; it must be within ${MAX_BOX_DISTANCE} Å`,
      },
    ];
  return [];
}

/** The run config a workflow job was created from. */
export type WorkflowRunConfig = RunConfig;
