import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { PASSWORD_MIN_LENGTH } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { invitePath, paths } from "../../../config/paths";
import { clearSession, hasAccessToken } from "../../../lib/auth-storage";
import { useCurrentUser } from "../../../lib/auth";
import { logout } from "../../../lib/endpoints";
import { useAcceptInvitation } from "../api/invitations";
import { describeAcceptFailure, newMemberProblems, type NewMemberProblems } from "../model/invitation";

/**
 * The page an invitation link opens. A signed-in person joins with one click; anyone else creates
 * their account here (or signs in first and comes back).
 */
export function AcceptInvitation({ token }: { token: string }) {
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
        pending={accept.isPending}
        failureNotice={failureNotice}
        onAccept={() => accept.mutate(null, { onSuccess: onJoined })}
      />
    );
  return (
    <NewMemberForm
      token={token}
      pending={accept.isPending}
      failureNotice={failureNotice}
      onSubmit={(member) => accept.mutate(member, { onSuccess: onJoined })}
    />
  );
}

function JoinAsSignedIn({
  pending,
  failureNotice,
  onAccept,
}: {
  pending: boolean;
  failureNotice: ReactNode;
  onAccept: () => void;
}) {
  const user = useCurrentUser();
  return (
    <div className="stack">
      <p>
        {user.data ? (
          <>
            You are signed in as <strong>{user.data.email}</strong>. The invitation must be for this address.
          </>
        ) : (
          "You are signed in. The invitation must be for your account's address."
        )}{" "}
        You join with the role the invitation grants.
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
  pending,
  failureNotice,
  onSubmit,
}: {
  token: string;
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
      <p>Create your account to join. Your email address is the one the invitation was sent to.</p>
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
