import { existsSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { parseUploadUri, splitLines, type RunConfig } from "@sieve/contracts";
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
      if (value.startsWith("upload://")) {
        const file = await readUpload(value, "Target Protein");
        const ending = extname(file.name).toLowerCase();
        if (ending !== ".pdb" && ending !== ".pdbqt")
          throw new WorkflowInputError(`Target Protein ${file.name} must be a .pdb or .pdbqt file`);
        return { structure: { ...file, format: ending === ".pdbqt" ? "pdbqt" : "pdb" }, uniprot: null, note: null };
      }
      if (PDB_ID.test(value)) {
        const path = join(referenceRoot, "structures", `${value.toUpperCase()}.pdb`);
        if (!existsSync(path))
          return {
            structure: null,
            uniprot: null,
            note: `PDB entry ${value.toUpperCase()} is not among the reference structures; upload its .pdb file to dock into it`,
          };
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
      if (value.startsWith("upload://")) return readUpload(value, label);
      return { name: "typed.smi", text: splitLines(value).join("\n") };
    },

    /** Approved-drug ligands of a UniProt accession from the DrugCentral reference files. */
    referenceActives(uniprot: string | null): KnownActive[] {
      if (!uniprot) return [];
      const dir = join(referenceRoot, "drugcentral");
      const targets = join(dir, "drug_target.tsv");
      const structures = join(dir, "structures.smiles.tsv");
      if (!existsSync(targets) || !existsSync(structures)) return [];
      return drugCentralActives(uniprot, readFileSync(targets, "utf8"), readFileSync(structures, "utf8"));
    },
  };
}

/** How far (Å) a docking box's centre may lie from the nearest protein atom before the box is refused. */
const MAX_BOX_DISTANCE = 8;

/**
 * What would make a docking run fail, found before it is queued: a receptor without protein atoms, a structure
 * without a ligand to centre the box on, a box centre away from the protein. Each names its field (422).
 */
export async function dockingInputProblems(
  db: Database,
  scope: TenantScope,
  referenceRoot: string,
  config: RunConfig,
): Promise<{ path: string; message: string }[]> {
  if (config.workflow === "custom" || !config.inputs.include_docking || !config.inputs.target_protein) return [];
  let target;
  try {
    target = await workflowFiles(db, scope, referenceRoot).target(config.inputs.target_protein);
  } catch (error) {
    if (error instanceof WorkflowInputError) return [{ path: "inputs.target_protein", message: error.message }];
    throw error;
  }
  if (!target.structure || target.structure.format !== "pdb") return [];
  const { name, text } = target.structure;
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
