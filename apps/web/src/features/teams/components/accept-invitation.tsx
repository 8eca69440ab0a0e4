import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { PASSWORD_MIN_LENGTH, type InvitationPreview } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { invitePath, paths } from "../../../config/paths";
import { clearSession, hasAccessToken } from "../../../lib/auth-storage";
import { useCurrentUser } from "../../../lib/auth";
import { logout } from "../../../lib/endpoints";
import { formatDateTime } from "../../../lib/format";
import { useAcceptInvitation, useInvitationPreview } from "../api/invitations";
import { describeAcceptFailure, newMemberProblems, sameAddress, type NewMemberProblems } from "../model/invitation";

/**
 * The page an invitation link opens. A signed-in person joins with one click; anyone else creates
 * their account here (or signs in first and comes back).
 */
export function AcceptInvitation({ token }: { token: string }) {
  const preview = useInvitationPreview(token);
  if (preview.isPending) return <p className="loading">Checking the invitation…</p>;
  if (!preview.data) {
    const failure = describeAcceptFailure(preview.error);
    return (
      <Notice tone="error">
        {failure.message}
        {failure.next === "ask_for_new_link" && " Ask the person who invited you for a new link."}
      </Notice>
    );
  }
  return <Acceptance token={token} invitation={preview.data} />;
}

function Acceptance({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const [signedIn, setSignedIn] = useState(hasAccessToken);
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onJoined = () => navigate(paths.dashboard, { replace: true });
  const failure = accept.error ? describeAcceptFailure(accept.error) : null;

  // An invitation for another address: leave this account here and accept as the invited person.
  const signOutHere = () => {
    void logout().catch(() => undefined);
    clearSession();
    queryClient.clear();
    accept.reset();
    setSignedIn(false);
  };

  const failureNotice = failure && (
    <Notice tone="error">
      {failure.message}
      {failure.next === "ask_for_new_link" && " Ask the person who invited you for a new link."}
      {failure.next === "sign_out" && (
        <>
          {" "}
          <Button variant="secondary" size="sm" onClick={signOutHere}>
            Sign out and continue
          </Button>
        </>
      )}
      {failure.next === "sign_in" && (
        <>
          {" "}
          <Link to={paths.login} state={{ from: invitePath(token) }}>
            Sign in
          </Link>
        </>
      )}
    </Notice>
  );

  if (signedIn)
    return (
      <JoinAsSignedIn
        invitation={invitation}
        onSignOut={signOutHere}
        pending={accept.isPending}
        failureNotice={failureNotice}
        onAccept={() => accept.mutate(null, { onSuccess: onJoined })}
      />
    );
  return (
    <NewMemberForm
      token={token}
      invitation={invitation}
      pending={accept.isPending}
      failureNotice={failureNotice}
      onSubmit={(member) => accept.mutate(member, { onSuccess: onJoined })}
    />
  );
}

/** "Join <organization> as <role>": what accepting does, in the invitation's own terms. */
function Offer({ invitation }: { invitation: InvitationPreview }) {
  return (
    <p>
      Join <strong>{invitation.organization || "the organization"}</strong> as <strong>{invitation.role}</strong>. The
      invitation is for <strong>{invitation.email}</strong> and works until {formatDateTime(invitation.expires_at)}.
    </p>
  );
}

function JoinAsSignedIn({
  invitation,
  onSignOut,
  pending,
  failureNotice,
  onAccept,
}: {
  invitation: InvitationPreview;
  onSignOut: () => void;
  pending: boolean;
  failureNotice: ReactNode;
  onAccept: () => void;
}) {
  const user = useCurrentUser();
  // The server accepts only for the invited address (403 invitation_email); say so before the click.
  if (user.data && !sameAddress(user.data.email, invitation.email))
    return (
      <div className="stack">
        <Offer invitation={invitation} />
        <Notice tone="warning">
          You are signed in as <strong>{user.data.email}</strong>, but the invitation is for another address.
        </Notice>
        <Button size="lg" onClick={onSignOut}>
          Sign out and continue
        </Button>
      </div>
    );
  return (
    <div className="stack">
      <Offer invitation={invitation} />
      <p>
        {user.data ? (
          <>
            You are signed in as <strong>{user.data.email}</strong>.
          </>
        ) : (
          "You are signed in."
        )}{" "}
        Accepting adds the organization to this account.
      </p>
      {failureNotice}
      <Button size="lg" onClick={onAccept} disabled={pending}>
        {pending ? "Joining…" : "Accept Invitation"}
      </Button>
    </div>
  );
}

function NewMemberForm({
  token,
  invitation,
  pending,
  failureNotice,
  onSubmit,
}: {
  token: string;
  invitation: InvitationPreview;
  pending: boolean;
  failureNotice: ReactNode;
  onSubmit: (member: { name: string; password: string }) => void;
}) {
  const [member, setMember] = useState({ name: "", password: "" });
  const [problems, setProblems] = useState<NewMemberProblems>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = newMemberProblems(member);
    setProblems(found);
    if (Object.keys(found).length === 0) onSubmit({ name: member.name.trim(), password: member.password });
  };

  return (
    <form className="stack" onSubmit={submit} aria-label="Accept invitation" noValidate>
      <Offer invitation={invitation} />
      <p>Create your account with that address: choose your name and a password.</p>
      <Field label="Name" error={problems.name}>
        {(control) => (
          <input
            {...control}
            name="name"
            autoComplete="name"
            required
            value={member.name}
            onChange={(e) => setMember((current) => ({ ...current, name: e.target.value }))}
          />
        )}
      </Field>
      <Field label="Password" hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} error={problems.password}>
        {(control) => (
          <input
            {...control}
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            value={member.password}
            onChange={(e) => setMember((current) => ({ ...current, password: e.target.value }))}
          />
        )}
      </Field>
      {failureNotice}
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? "Joining…" : "Create Account and Join"}
      </Button>
      <p className="auth-card__switch">
        Already have an account?{" "}
        <Link to={paths.login} state={{ from: invitePath(token) }}>
          Sign in first
        </Link>
        ; you come back here to accept.
      </p>
    </form>
  );
}
