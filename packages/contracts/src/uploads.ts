import { z } from "zod";

/** What the New Job modal uploads, and which file endings each kind accepts. */
export const UPLOAD_KINDS = {
  protein: [".pdb", ".pdbqt"],
  compound_library: [".smi", ".sdf", ".txt", ".csv"],
  hit_compounds: [".smi", ".sdf", ".txt", ".csv"],
  analogs: [".smi", ".sdf", ".txt", ".csv"],
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** Files the negatome's oracles read: a GROMACS system as a (gzipped) tarball for the MD oracle. */
export const ORACLE_UPLOAD_KINDS = {
  md_system: [".tar", ".tgz", ".tar.gz"],
} as const;
export const STORED_UPLOAD_KINDS = { ...UPLOAD_KINDS, ...ORACLE_UPLOAD_KINDS };
export type StoredUploadKind = keyof typeof STORED_UPLOAD_KINDS;

export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;

export const UploadResult = z.object({
  id: z.string(),
  uri: z.string(),
  kind: z.string(),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});
export type UploadResult = z.infer<typeof UploadResult>;

/** `upload://<id>/<file name>`: the reference a run stores instead of the file itself. */
export function uploadUri(id: string, name: string): string {
  return `upload://${id}/${encodeURIComponent(name)}`;
}

/** The upload id and file name of an `upload://` URI; null unless the id is a UUID and the name decodes. */
export function parseUploadUri(uri: string): { id: string; name: string } | null {
  const match = /^upload:\/\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(.+)$/i.exec(uri);
  if (!match) return null;
  try {
    return { id: match[1]!.toLowerCase(), name: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}
