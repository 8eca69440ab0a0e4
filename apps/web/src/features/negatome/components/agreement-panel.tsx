import { useState, type FormEvent } from "react";
import { NEGATOME_DEFAULTS, type Agreement } from "@sieve/contracts";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Checkbox, Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { formatDateTime } from "../../../lib/format";
import { useAcceptAgreement } from "../api/negatome";

/**
 * §4: the contributor agreement is not acknowledged until the user accepts it here; until then the
 * server refuses contributions (403 agreement_required).
 */
export function AgreementPanel({ agreement }: { agreement: Agreement }) {
  const accept = useAcceptAgreement();
  const [declaredId, setDeclaredId] = useState("");
  const [acknowledged, setAcknowledged] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!acknowledged) {
      setError("Tick the box to accept the agreement.");
      return;
    }
    setError(null);
    accept.mutate(declaredId.trim());
  };

  return (
    <div className="stack">
      <p className="agreement-status">
        Contributor agreement {agreement.agreement_version}:{" "}
        {agreement.acknowledged ? (
          <Badge tone="success">acknowledged</Badge>
        ) : (
          <Badge tone="neutral">not acknowledged</Badge>
        )}
      </p>
      {agreement.acknowledged ? (
        <p className="muted">
          Accepted {formatDateTime(agreement.accepted_at)}
          {agreement.user_declared_id ? ` as ${agreement.user_declared_id}` : ", without a researcher ID"}.
        </p>
      ) : (
        <form className="stack" onSubmit={onSubmit} aria-label="Contributor agreement">
          <ul className="agreement-terms">
            <li>You contribute negative results you are entitled to share, reported as measured.</li>
            <li>
              Each record is stored in your organization's negatome, visible to its members, and labelled with your
              account and the researcher ID you declare.
            </li>
            <li>
              Contributed records start at the bronze confidence tier and may inform other members' safety checks.
            </li>
          </ul>
          <Field
            label="Researcher ID"
            optional
            hint="An identifier you declare, such as an ORCID (0000-0002-1825-0097). It is stored as given, not verified."
          >
            {(control) => (
              <input
                {...control}
                value={declaredId}
                onChange={(event) => setDeclaredId(event.target.value)}
                maxLength={200}
                autoComplete="off"
              />
            )}
          </Field>
          <Checkbox
            checked={acknowledged}
            onChange={setAcknowledged}
            label={`I have read and accept the contributor agreement, version ${NEGATOME_DEFAULTS.agreementVersion}.`}
          />
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
          {accept.isError && <Notice tone="error">{accept.error.message}</Notice>}
          <div>
            <Button type="submit" disabled={accept.isPending}>
              {accept.isPending ? "Accepting…" : "Accept agreement"}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
