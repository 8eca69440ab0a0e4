import { useParams } from "react-router";
import { AuthLayout } from "../../components/layouts/auth-layout";
import { AcceptInvitation } from "../../features/teams/components/accept-invitation";

export function InviteRoute() {
  const { token = "" } = useParams();
  return (
    <AuthLayout title="Join your team on Sieve" subtitle="You have been invited to an organization's workspace.">
      {/* A new token is a new invitation: nothing typed or refused for another link carries over. */}
      <AcceptInvitation key={token} token={token} />
    </AuthLayout>
  );
}
