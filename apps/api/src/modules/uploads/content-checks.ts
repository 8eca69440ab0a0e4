import { extname } from "node:path";
import { STORED_UPLOAD_KINDS, type StoredUploadKind } from "@sieve/contracts";

/**
 * Refuses a file whose ending does not belong to its kind, or whose content is not what the
 * ending claims (a `.pdb` without coordinate records, an `.sdf` without a molecule block, binary data).
 * Returns the reason, or null when the file is acceptable.
 */
export function contentProblem(kind: StoredUploadKind, fileName: string, content: Uint8Array): string | null {
  const lower = fileName.toLowerCase();
  const ending = lower.endsWith(".tar.gz") ? ".tar.gz" : extname(lower);
  const allowed: readonly string[] = STORED_UPLOAD_KINDS[kind];
  if (!allowed.includes(ending)) return `a ${kind} file must end in ${allowed.join(", ")}`;
  if (content.byteLength === 0) return "the file is empty";
  if (kind === "md_system") return isArchive(content) ? null : "the file is neither a tar archive nor gzip-compressed";
  const text = decodeText(content);
  if (text === null) return "the file is not a text file";
  const lines = text.split(/\r?\n/);
  switch (ending) {
    case ".pdb":
    case ".pdbqt":
      return lines.some((line) => /^(ATOM {2}|HETATM)/.test(line))
        ? null
        : `the file has no ATOM or HETATM records, so it is not a ${ending.slice(1).toUpperCase()} file`;
    case ".sdf":
      return /^M {2}END/m.test(text) ? null : "the file has no 'M  END' molecule block, so it is not an SDF file";
    default:
      return lines.some((line) => line.trim() !== "") ? null : "the file has no content lines";
  }
}

/** A POSIX tar header ("ustar" at byte 257) or gzip's magic number. */
function isArchive(content: Uint8Array): boolean {
  if (content[0] === 0x1f && content[1] === 0x8b) return true;
  return new TextDecoder().decode(content.subarray(257, 262)) === "ustar";
}

function decodeText(content: Uint8Array): string | null {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(content);
    return text.includes("\u0000") ? null : text;
  } catch {
    return null;
  }
}

/** Keeps only the file's base name, without control characters, at a bounded length. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = Array.from(base)
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join("")
    .trim()
    .slice(-200);
  return cleaned || "upload";
}
