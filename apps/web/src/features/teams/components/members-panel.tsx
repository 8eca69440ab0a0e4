import { useState, type FormEvent } from "react";
import { Email, type Invitation, type InvitationCreated, type Member, type OrgRole } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { DataTable, type Column } from "../../../components/ui/data-table";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { ApiError, explainFailure } from "../../../lib/api-client";
import { useCurrentUser } from "../../../lib/auth";
import { formatDateTime } from "../../../lib/format";
import {
  useChangeRole,
  useInvitations,
  useInvite,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
} from "../api/team";
import { assignableRoles, invitableRoles, mayRemove, roleOf } from "../model/roles";

const MEMBER_COLUMNS: Column<Member>[] = [
  { header: "Name", cell: (member) => member.name || "—", sortValue: (member) => member.name },
  { header: "Email", cell: (member) => member.email, sortValue: (member) => member.email },
  {
    header: "Joined",
    cell: (member) => formatDateTime(member.joined_at),
    align: "end",
    sortValue: (member) => member.joined_at,
  },
];

/** The signed-in user's organization: its members, and for admins and owners, invitations. */
export function MembersPanel() {
  const user = useCurrentUser();
  if (user.isPending) return <p className="loading">Loading your organization…</p>;
  if (!user.data) return <Notice tone="error">{explainFailure(user.error, "Could not load your profile")}</Notice>;
  return <Organization orgId={user.data.org_id} userId={user.data.id} />;
}

function Organization({ orgId, userId }: { orgId: number; userId: number }) {
  const members = useMembers(orgId);
  const changeRole = useChangeRole(orgId);
  const remove = useRemoveMember(orgId);
  const myRole = members.data ? roleOf(members.data, userId) : null;
  const columns: Column<Member>[] = [
    ...MEMBER_COLUMNS.slice(0, 2),
    {
      header: "Role",
      sortValue: (member) => member.role,
      cell: (member) => {
        const roles = assignableRoles(myRole, member);
        if (roles.length === 0) return member.role;
        return (
          <select
            aria-label={`Role of ${member.email}`}
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) => changeRole.mutate({ userId: member.user_id, role: event.target.value as OrgRole })}
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        );
      },
    },
    ...MEMBER_COLUMNS.slice(2),
    {
      header: "Action",
      align: "end",
      cell: (member) =>
        mayRemove(myRole, member, userId) ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={remove.isPending}
            aria-label={`Remove ${member.email}`}
            onClick={() => {
              if (window.confirm(`Remove ${member.email} from the organization?`)) remove.mutate(member.user_id);
            }}
          >
            Remove
          </Button>
        ) : null,
    },
  ];
  return (
    <section className="panel stack" aria-labelledby="members-title">
      <h2 id="members-title" className="panel__title">
        Members
      </h2>
      {members.isPending && <p className="loading">Loading members…</p>}
      {members.error && <Notice tone="error">{explainFailure(members.error, "Could not load members")}</Notice>}
      {members.data && (
        <>
          {myRole && <p className="muted">Your role: {myRole}.</p>}
          {changeRole.error && (
            <Notice tone="error">{explainFailure(changeRole.error, "Could not change the role")}</Notice>
          )}
          {remove.error && <Notice tone="error">{explainFailure(remove.error, "Could not remove the member")}</Notice>}
          <DataTable
            caption="Members of your organization"
            columns={columns}
            rows={members.data}
            rowKey={(member) => member.user_id}
            empty="No members."
          />
          <InviteForm orgId={orgId} roles={invitableRoles(myRole)} />
          <PendingInvitations orgId={orgId} />
        </>
      )}
    </section>
  );
}

function InviteForm({ orgId, roles }: { orgId: number; roles: OrgRole[] }) {
  const invite = useInvite(orgId);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<OrgRole>("scientist");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  // Scientists and viewers may not invite: the server says so when they try (403 forbidden_role).
  const choices: OrgRole[] = roles.length ? roles : ["scientist"];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = Email.safeParse(email);
    setEmailError(parsed.success ? null : (parsed.error.issues[0]?.message ?? "email is not valid"));
    if (!parsed.success) return;
    setCreated(null);
    invite.mutate(
      { email: parsed.data, role },
      {
        onSuccess: (invitation) => {
          setCreated(invitation);
          setEmail("");
        },
      },
    );
  };

  return (
    <div className="stack">
      <h3 className="subsection-title">Invite someone</h3>
      <form className="stack" onSubmit={onSubmit} aria-label="Invite a member" noValidate>
        <div className="form-grid">
          <Field label="Email" error={emailError}>
            {(control) => (
              <input
                {...control}
                type="email"
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <Field label="Role">
            {(control) => (
              <select {...control} value={role} onChange={(event) => setRole(event.target.value as OrgRole)}>
                {choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="button-row">
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? "Inviting…" : "Create Invitation"}
          </Button>
        </div>
      </form>
      {invite.error && <Notice tone="error">{explainFailure(invite.error, "Could not create the invitation")}</Notice>}
      {created && <InvitationLink invitation={created} />}
    </div>
  );
}

/** The link is shown this once (the server keeps only its hash): the admin copies it to the invitee. */
function InvitationLink({ invitation }: { invitation: InvitationCreated }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(invitation.url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <Notice tone="success" title={`Invitation for ${invitation.email} as ${invitation.role}`}>
      <div className="stack">
        <Field
          label="Invitation link"
          hint={`Works once, until ${formatDateTime(invitation.expires_at)}. ${
            invitation.emailed ? "It was also emailed." : "It was not emailed: send it yourself."
          } It is not shown again.`}
        >
          {(control) => (
            <input {...control} readOnly value={invitation.url} onFocus={(event) => event.target.select()} />
          )}
        </Field>
        <div className="button-row">
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            Copy Link
          </Button>
          {copied === true && <span role="status">Copied.</span>}
          {copied === false && <span role="status">Copying is blocked here: select the link and copy it.</span>}
        </div>
      </div>
    </Notice>
  );
}

function PendingInvitations({ orgId }: { orgId: number }) {
  const invitations = useInvitations(orgId);
  const revoke = useRevokeInvitation(orgId);
  const columns: Column<Invitation>[] = [
    { header: "Email", cell: (invitation) => invitation.email, sortValue: (invitation) => invitation.email },
    { header: "Role", cell: (invitation) => invitation.role },
    { header: "Expires", cell: (invitation) => formatDateTime(invitation.expires_at), align: "end" },
    {
      header: "Action",
      cell: (invitation) => (
        <Button
          variant="secondary"
          size="sm"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate(invitation.id)}
          aria-label={`Revoke the invitation for ${invitation.email}`}
        >
          Revoke
        </Button>
      ),
      align: "end",
    },
  ];
  return (
    <div className="stack">
      <h3 className="subsection-title">Pending invitations</h3>
      {invitations.isPending && <p className="loading">Loading invitations…</p>}
      {invitations.error && (
        <Notice tone={isForbiddenRole(invitations.error) ? "info" : "error"}>
          {/* The server's own words: a role refusal names the caller's role and the roles allowed. */}
          {explainFailure(invitations.error, "Could not load invitations")}
        </Notice>
      )}
      {revoke.error && <Notice tone="error">{explainFailure(revoke.error, "Could not revoke the invitation")}</Notice>}
      {invitations.data && (
        <DataTable
          caption="Pending invitations"
          columns={columns}
          rows={invitations.data.filter((invitation) => invitation.status === "pending")}
          rowKey={(invitation) => invitation.id}
          empty="No pending invitations."
        />
      )}
    </div>
  );
}

function isForbiddenRole(error: unknown): boolean {
  return error instanceof ApiError && error.code === "forbidden_role";
}
