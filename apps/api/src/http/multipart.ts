import { extname } from "node:path";
import type { FastifyRequest } from "fastify";
import { UPLOAD_MAX_BYTES } from "@sieve/contracts";
import { invalidText, invalidTextFields } from "../plugins/input-guards";
import { ApiError, validationFailed } from "./errors";

export interface MultipartUpload {
  /** The file's base name, as the client sent it. */
  name: string;
  bytes: Buffer;
  /** The plain fields sent before the file. */
  fields: Record<string, string>;
}

/**
 * Reads the one file of a multipart request; its fields must come before it. A file or field over its
 * limit is refused whole (413), never kept cut off; a body that is not multipart as declared (no
 * boundary, cut off, a malformed part) is a 400; text PostgreSQL cannot store in a field is a 422.
 */
export async function readMultipartUpload(request: FastifyRequest): Promise<MultipartUpload> {
  if (!request.isMultipart())
    throw new ApiError(415, "unsupported_media_type", "Send the file as multipart/form-data with a 'file' field");
  try {
    const file = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
    if (!file) throw validationFailed([{ path: "file", message: "a file is required" }]);
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(file.fields)) {
      if (!value || Array.isArray(value) || value.type !== "field") continue;
      if (value.valueTruncated) throw tooLarge();
      fields[key] = String(value.value);
    }
    const badText = invalidTextFields({ ...fields, filename: file.filename });
    if (badText.length) throw invalidText(badText);
    const bytes = await file.toBuffer();
    // toBuffer notices the limit only while chunks still arrive; the stream's flag is the last word.
    if (file.file.truncated || bytes.byteLength > UPLOAD_MAX_BYTES) throw tooLarge();
    return { name: file.filename, bytes, fields };
  } catch (error) {
    throw malformedMultipart(error) ?? error;
  }
}

const tooLarge = () => new ApiError(413, "payload_too_large", "Request body is too large");

/** Busboy's parse errors (plain Errors without a status) as a 400 the client can act on. */
function malformedMultipart(error: unknown): ApiError | null {
  if (error instanceof ApiError || !(error instanceof Error)) return null;
  if ((error as { statusCode?: number }).statusCode !== undefined) return null;
  if (!/multipart|boundary|unexpected end|malformed/i.test(error.message)) return null;
  return new ApiError(400, "invalid_multipart", `The multipart body cannot be read: ${error.message}`);
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
