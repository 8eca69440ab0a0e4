import { Notice } from "../../../components/ui/notice";
import { useCurrentUser } from "../../../lib/auth";
import { useAgreement } from "../api/negatome";
import { AgreementPanel } from "./agreement-panel";
import { ContributionForm } from "./contribution-form";
import { ContributorDashboardPanel } from "./contributor-dashboard";

/**
 * Contributing takes an accepted agreement first; the form appears only then, so nothing typed is refused with a 403.
 */
export function ContributePanel() {
  const agreement = useAgreement();
  const user = useCurrentUser();
  return (
    <section className="panel stack" aria-labelledby="contribute-title">
      <h2 id="contribute-title" className="panel__title">
        Contribute a negative result
      </h2>
      {agreement.isPending && <p className="loading">Loading the agreement…</p>}
      {agreement.isError && <Notice tone="error">{agreement.error.message}</Notice>}
      {agreement.data && <AgreementPanel agreement={agreement.data} />}
      {agreement.data?.acknowledged && <ContributionForm userDeclaredId={agreement.data.user_declared_id} />}
      <ContributorDashboardPanel userId={user.data?.id} />
    </section>
  );
}
