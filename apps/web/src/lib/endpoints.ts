import type {
  AuthResponse,
  Curves,
  LoginBody,
  Project,
  ProjectList,
  ProfileResponse,
  Run,
  RunCreateBody,
  RunList,
  SignupBody,
  StoredUploadKind,
  UploadResult,
  User,
} from "@sieve/contracts";
import { apiRequest } from "./api-client";

/**
 * The API calls more than one feature needs. Feature-only calls live in that feature's `api/` folder;
 * these live here because features never import each other.
 */

export function login(body: LoginBody): Promise<AuthResponse> {
  return apiRequest("/v1/auth/login", { method: "POST", body, operation: "login", anonymous: true });
}

export function signup(body: SignupBody): Promise<AuthResponse> {
  return apiRequest("/v1/auth/signup", { method: "POST", body, operation: "signup", anonymous: true });
}

/** Revokes the session's tokens on the server (the access token is read before the browser forgets it). */
export async function logout(): Promise<void> {
  await apiRequest("/v1/auth/logout", { method: "POST" });
}

export async function getProfile(): Promise<User> {
  return (await apiRequest<ProfileResponse>("/v1/auth/profile")).user;
}

export async function listProjects(): Promise<Project[]> {
  return (await apiRequest<ProjectList>("/v1/projects/")).projects;
}

/**
 * §5: the name is trimmed, the organization id is a number and the research-use-only acknowledgement is always sent.
 */
export interface NewProject {
  org_id: number;
  name: string;
  disease_area?: string | null;
  assay_context?: string | null;
}

export function createProject(project: NewProject): Promise<Project> {
  const body = { ...project, name: project.name.trim(), ruo_ack: true };
  return apiRequest("/v1/projects/", { method: "POST", body, operation: "createProject" });
}

export function createRun(projectId: number, body: RunCreateBody, idempotencyKey: string): Promise<Run> {
  return apiRequest(`/v1/projects/${projectId}/runs`, {
    method: "POST",
    body,
    headers: { "Idempotency-Key": idempotencyKey },
    operation: "createRun",
  });
}

export async function listRuns(limit: number): Promise<Run[]> {
  return (await apiRequest<RunList>(`/v1/runs?limit=${limit}`)).runs;
}

export function getRun(id: string): Promise<Run> {
  return apiRequest(`/v1/runs/${encodeURIComponent(id)}`, { operation: "getRun" });
}

export async function getCurves(id: string): Promise<Curves["curves"]> {
  return (await apiRequest<Curves>(`/v1/runs/${encodeURIComponent(id)}/curves`, { operation: "getCurves" })).curves;
}

/** The server reads the `kind` field before the file, so it is appended first. */
export function uploadFile(kind: StoredUploadKind, file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append("kind", kind);
  form.append("file", file, file.name);
  return apiRequest("/v1/uploads", { method: "POST", body: form });
}
