import type { Database } from "@sieve/db";
import {
  SIGNATURE_MEANINGS,
  type Manifest,
  type Signature,
  type SignatureList,
  type SignatureMeaning,
} from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";
import { ApiError, conflict } from "../../http/errors";
import { canonicalJson, sha256Hex } from "../../http/canonical-json";
import { authStore } from "../auth/store";
import { verifyPassword } from "../auth/passwords";
import { runsStore } from "../runs/store";
import { buildManifest, loadRunRecords } from "./manifest";
import { signaturesStore, type SignatureRow } from "./store";

/**
 * What a signature is given to: the run and the SHA-256 of each of its inputs and outputs, as the dossier
 * lists them. Reviews and the signatures themselves are left out, so signing does not void other signatures.
 */
export function dossierContentSha256(manifest: Manifest): string {
  return sha256Hex(
    canonicalJson({
      run: { id: manifest.run.id, workflow: manifest.run.workflow, status: manifest.run.status },
      inputs: manifest.inputs.map((i) => ({ name: i.name, sha256: i.sha256 })),
      outputs: manifest.outputs.map((o) => ({ name: o.name, sha256: o.sha256 })),
    }),
  );
}

async function dossierContent(db: Database, scope: TenantScope, runId: string, secret: Uint8Array) {
  const manifest = buildManifest(await loadRunRecords(db, scope, runId, "run"), secret);
  return {
    // The manifest was just read through the same scope: the run is visible, so it has an organization.
    orgId: (await runsStore(db, scope).orgOf(manifest.run.id))!,
    status: manifest.run.status,
    sha256: dossierContentSha256(manifest),
  };
}

/** The run's signatures, each marked valid or void against the content the dossier holds now. */
export async function runSignatures(
  db: Database,
  scope: TenantScope,
  runId: string,
  currentSha256: string,
): Promise<Signature[]> {
  const rows = await signaturesStore(db, scope).ofRun(runId);
  return rows.map((row) => toSignature(row, currentSha256));
}

/** Electronic signatures on run dossiers, scoped to the caller's organizations. */
export function signaturesService(db: Database, scope: TenantScope, secret: Uint8Array) {
  return {
    async list(runId: string): Promise<SignatureList> {
      const content = await dossierContent(db, scope, runId, secret);
      return { content_sha256: content.sha256, signatures: await runSignatures(db, scope, runId, content.sha256) };
    },

    /** Signs the dossier as it is now, after checking the signer's password again. */
    async sign(runId: string, meaning: SignatureMeaning, password: string): Promise<Signature> {
      const content = await dossierContent(db, scope, runId, secret);
      if (content.status !== "completed")
        throw conflict("Only a completed run's dossier can be signed", "run_not_completed");
      const signer = await authStore(db).findUserById(scope.userId);
      if (!signer || !(await verifyPassword(signer.passwordHash, password)))
        throw new ApiError(403, "signature_password", "The password is not correct: nothing was signed");
      const row = await signaturesStore(db, scope).add({
        orgId: content.orgId,
        runId,
        signerId: signer.id,
        signerName: `${signer.firstName} ${signer.lastName}`.trim() || signer.email,
        signerEmail: signer.email,
        meaning,
        contentSha256: content.sha256,
      });
      return toSignature(row, content.sha256);
    },
  };
}

function toSignature(row: SignatureRow, currentSha256: string): Signature {
  const meaning = row.meaning === "approved" ? "approved" : "reviewed";
  const valid = row.contentSha256 === currentSha256;
  return {
    id: row.id,
    run_id: row.runId,
    signer: { id: row.signerId, name: row.signerName, email: row.signerEmail },
    meaning,
    meaning_statement: SIGNATURE_MEANINGS[meaning],
    signed_at: row.signedAt.toISOString(),
    content_sha256: row.contentSha256,
    valid,
    void_reason: valid ? null : "The dossier's content changed after this signature: it no longer applies.",
  };
}
