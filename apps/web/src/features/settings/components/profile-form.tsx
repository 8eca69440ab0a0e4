import { useState, type ChangeEvent, type FormEvent } from "react";
import { ORGANIZATION_TYPES, type User } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { useCurrentUser } from "../../../lib/auth";
import { useUpdateProfile } from "../api/profile";

type EditableProfile = Pick<User, "first_name" | "last_name" | "organization"> & { organization_type: string };

function editable(user: User): EditableProfile {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    organization: user.organization,
    organization_type: user.organization_type ?? "",
  };
}

export function ProfileSection() {
  const user = useCurrentUser();
  if (user.isPending) return <p className="loading">Loading profile…</p>;
  if (user.isError) return <Notice tone="error">{user.error.message}</Notice>;
  // Keyed by user id so the form starts from the loaded profile.
  return <ProfileForm key={user.data.id} user={user.data} />;
}

function ProfileForm({ user }: { user: User }) {
  const [profile, setProfile] = useState<EditableProfile>(() => editable(user));
  const save = useUpdateProfile();
  const bind = (key: keyof EditableProfile) => ({
    name: key,
    value: profile[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setProfile((current) => ({ ...current, [key]: event.target.value })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate({ ...profile, organization_type: profile.organization_type.trim() || null });
  };

  return (
    <form className="panel stack" onSubmit={onSubmit} aria-labelledby="profile-title">
      <h2 id="profile-title" className="panel__title">
        Profile
      </h2>
      <dl className="facts">
        <div>
          <dt>Username</dt>
          <dd>{user.username}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
      </dl>
      <div className="form-grid">
        <Field label="First name">
          {(control) => <input {...control} {...bind("first_name")} autoComplete="given-name" maxLength={100} />}
        </Field>
        <Field label="Last name">
          {(control) => <input {...control} {...bind("last_name")} autoComplete="family-name" maxLength={100} />}
        </Field>
        <Field label="Organization">
          {(control) => (
            <input {...control} {...bind("organization")} autoComplete="organization" required maxLength={200} />
          )}
        </Field>
        <Field label="Organization type" hint={`Suggested: ${ORGANIZATION_TYPES.join(", ")}.`}>
          {(control) => <input {...control} {...bind("organization_type")} list="organization-types" maxLength={50} />}
        </Field>
      </div>
      <datalist id="organization-types">
        {ORGANIZATION_TYPES.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
      {save.isError && <Notice tone="error">{save.error.message}</Notice>}
      {save.isSuccess && <Notice tone="success">Profile saved.</Notice>}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save Profile"}
        </Button>
      </div>
    </form>
  );
}
