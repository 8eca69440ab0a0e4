import type { FieldError } from "@sieve/contracts";

/** An error meant for the client: status, human message, machine code and optional detail. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly detail?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (what: string) => new ApiError(404, "not_found", `${what} not found`);
export const forbidden = (message: string, code = "forbidden") => new ApiError(403, code, message);
export const conflict = (message: string, code = "conflict") => new ApiError(409, code, message);
export const unauthorized = (message = "Authentication required") => new ApiError(401, "unauthorized", message);

export function validationFailed(fields: FieldError[], code = "validation_failed"): ApiError {
  const message = fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)).join("; ");
  return new ApiError(422, code, message || "Validation failed", { fields });
}
