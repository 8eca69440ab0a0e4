import { z } from "zod";

/**
 * The spec's clients send project payloads in two spellings (snake_case from the help text,
 * camelCase from one client); both are accepted and normalised by `normalizeProjectCreate`.
 */
export const ProjectCreateBody = z.object({
  name: z.string({ error: "name is required" }).trim().min(1, { error: "name is required" }).max(200),
  org_id: z.number().int().positive().optional(),
  orgId: z.number().int().positive().optional(),
  ruo_ack: z.boolean().optional(),
  ruoAck: z.boolean().optional(),
  disease_area: z.string().trim().max(200).nullish(),
  diseaseArea: z.string().trim().max(200).nullish(),
  assay_context: z.string().trim().max(2000).nullish(),
  assayContext: z.string().trim().max(2000).nullish(),
  disease_ontology_id: z.string().trim().max(50).nullish(),
  diseaseOntologyId: z.string().trim().max(50).nullish(),
  modality: z.string().trim().max(100).nullish(),
});
export type ProjectCreateBody = z.infer<typeof ProjectCreateBody>;

export interface ProjectCreate {
  name: string;
  org_id: number | undefined;
  ruo_ack: boolean;
  disease_area: string | null;
  assay_context: string | null;
  disease_ontology_id: string | null;
  modality: string | null;
}

export function normalizeProjectCreate(body: ProjectCreateBody): ProjectCreate {
  const pick = <T>(snake: T | null | undefined, camel: T | null | undefined): T | null => snake ?? camel ?? null;
  return {
    name: body.name,
    org_id: body.org_id ?? body.orgId,
    ruo_ack: pick(body.ruo_ack, body.ruoAck) === true,
    disease_area: emptyToNull(pick(body.disease_area, body.diseaseArea)),
    assay_context: emptyToNull(pick(body.assay_context, body.assayContext)),
    disease_ontology_id: emptyToNull(pick(body.disease_ontology_id, body.diseaseOntologyId)),
    modality: emptyToNull(body.modality ?? null),
  };
}

function emptyToNull(value: string | null): string | null {
  return value === null || value === "" ? null : value;
}

export const Project = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  ruo_ack: z.boolean(),
  disease_area: z.string().nullable(),
  assay_context: z.string().nullable(),
  disease_ontology_id: z.string().nullable(),
  modality: z.string().nullable(),
  created_at: z.string(),
});
export type Project = z.infer<typeof Project>;

export const ProjectList = z.object({ projects: z.array(Project) });
export type ProjectList = z.infer<typeof ProjectList>;

/**
 * PATCH /v1/projects/{id}: the project's disease, as a Disease Ontology id the server checks against the ontology
 * it has loaded; the disease name is then the ontology's. `null` clears the disease.
 */
export const ProjectDiseaseBody = z.object({
  disease_ontology_id: z
    .string()
    .trim()
    .regex(/^DOID:\d+$/, { error: "disease_ontology_id must be a Disease Ontology id such as DOID:7148" })
    .nullable(),
});
export type ProjectDiseaseBody = z.infer<typeof ProjectDiseaseBody>;
