import { useState, type FormEvent } from "react";
import { SIGNATURE_MEANINGS, SignatureMeaning, type Signature } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { explainFailure } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { useSign, useSignatures } from "../api/signatures";

/**
 * A run dossier's electronic signatures (21 CFR Part 11 §11.50): who signed, when, and what the signature means,
 * and a form to sign it with the password re-entered. Only a completed run's dossier can be signed.
 */
export function DossierSignatures({ runId, completed }: { runId: string; completed: boolean }) {
  const signatures = useSignatures(runId);
  return (
    <section className="panel stack" aria-labelledby="signatures-title">
      <h2 id="signatures-title" className="panel__title">
        Signatures
      </h2>
      {signatures.isPending && <p className="loading">Loading signatures…</p>}
      {signatures.error && (
        <Notice tone="error">{explainFailure(signatures.error, "Could not load the signatures")}</Notice>
      )}
      {signatures.data &&
        (signatures.data.signatures.length === 0 ? (
          <p className="muted">Nobody has signed this run&apos;s dossier yet.</p>
        ) : (
          <ul className="planned-list" aria-label="Signatures of this dossier">
            {signatures.data.signatures.map((signature) => (
              <SignatureLine key={signature.id} signature={signature} />
            ))}
          </ul>
        ))}
      {completed ? (
        <SignForm runId={runId} />
      ) : (
        <p className="muted">The dossier can be signed once the run has completed.</p>
      )}
    </section>
  );
}

function SignatureLine({ signature }: { signature: Signature }) {
  const who = `${signature.signer.name || signature.signer.email} (${signature.signer.email})`;
  return (
    <li>
      <strong>{signature.meaning === "approved" ? "Approved" : "Reviewed"}</strong> by {who} on{" "}
      {formatDateTime(signature.signed_at)}: “{signature.meaning_statement}”{" "}
      {signature.valid ? (
        <span className="muted">Content SHA-256 {signature.content_sha256.slice(0, 12)}…</span>
      ) : (
        <strong>Void: {signature.void_reason ?? "the content changed after signing"}</strong>
      )}
    </li>
  );
}

function SignForm({ runId }: { runId: string }) {
  const sign = useSign(runId);
  const [meaning, setMeaning] = useState<SignatureMeaning>("approved");
  const [password, setPassword] = useState("");

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sign.mutate({ meaning, password }, { onSettled: () => setPassword("") });
  };

  return (
    <form className="stack" onSubmit={onSubmit} aria-label="Sign this dossier">
      <div className="form-grid">
        <Field label="Meaning" hint={SIGNATURE_MEANINGS[meaning]}>
          {(control) => (
            <select
              {...control}
              value={meaning}
              onChange={(event) => setMeaning(SignatureMeaning.parse(event.target.value))}
            >
              {SignatureMeaning.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Your password" hint="Signing asks for your password again, even while you are signed in.">
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="button-row">
        <Button type="submit" disabled={sign.isPending || password === ""}>
          {sign.isPending ? "Signing…" : "Sign Dossier"}
        </Button>
      </div>
      {sign.error && <Notice tone="error">{explainFailure(sign.error, "Could not sign the dossier")}</Notice>}
      {sign.isSuccess && (
        <Notice tone="success">
          Signed as {sign.data.meaning} on {formatDateTime(sign.data.signed_at)}.
        </Notice>
      )}
    </form>
  );
}
