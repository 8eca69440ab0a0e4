import type { UploadFields } from "@sieve/contracts";

/**
 * The validated multipart fields of each upload: `z.infer` of the contract's schemas, spelled through
 * `parse`'s return type so that this package needs no zod dependency of its own.
 */
type Fields<Source extends keyof typeof UploadFields> = ReturnType<(typeof UploadFields)[Source]["parse"]>;

export type OpenTargetsParams = Fields<"opentargets">;
export type GtexParams = Fields<"gtex">;
export type StringParams = Fields<"string">;
export type ChemblParams = Fields<"chembl">;
export type GenericParams = Fields<"generic">;
