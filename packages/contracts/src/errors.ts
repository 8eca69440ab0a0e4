import { z } from "zod";

/** Every error the API sends: a human message, a machine code, and optional structured detail. */
export const ErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  detail: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;
