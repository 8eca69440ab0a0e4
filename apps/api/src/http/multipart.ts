import { extname } from "node:path";
import type { FastifyRequest } from "fastify";
import { UPLOAD_MAX_BYTES } from "@sieve/contracts";
import { ApiError, validationFailed } from "./errors";

export interface MultipartUpload {
  /** The file's base name, as the client sent it. */
  name: string;
  bytes: Buffer;
  /** The plain fields sent before the file. */
  fields: Record<string, string>;
}

/** Reads the one file of a multipart request; its fields must come before it. */
export async function readMultipartUpload(request: FastifyRequest): Promise<MultipartUpload> {
  if (!request.isMultipart())
    throw new ApiError(415, "unsupported_media_type", "Send the file as multipart/form-data with a 'file' field");
  const file = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  if (!file) throw validationFailed([{ path: "file", message: "a file is required" }]);
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(file.fields)) {
    if (value && !Array.isArray(value) && value.type === "field") fields[key] = String(value.value);
  }
  return { name: file.filename, bytes: await file.toBuffer(), fields };
}

/** Reads the one file of a multipart request as UTF-8 text, refusing other endings. */
export async function readMultipartTextFile(
  request: FastifyRequest,
  allowedEndings: string[],
): Promise<MultipartUpload & { text: string }> {
  const upload = await readMultipartUpload(request);
  const name = upload.name.split(/[\\/]/).pop() ?? "upload";
  if (!allowedEndings.includes(extname(name).toLowerCase())) {
    throw validationFailed(
      [{ path: "file", message: `the file must end in ${allowedEndings.join(", ")}` }],
      "invalid_file",
    );
  }
  try {
    return { ...upload, name, text: new TextDecoder("utf-8", { fatal: true }).decode(upload.bytes) };
  } catch {
    throw validationFailed([{ path: "file", message: "the file is not UTF-8 text" }], "invalid_file");
  }
}
