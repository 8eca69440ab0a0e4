import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { paths } from "../../../config/paths";
import { PASSWORD_MIN_LENGTH } from "@sieve/contracts";
import { useSignup } from "../../../lib/auth";

/** The password needs at least 12 characters; the server applies the same rule and refuses guessable ones. */
const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;

export function SignupForm() {
  const [account, setAccount] = useState({ email: "", name: "", organization: "", password: "" });
  const signup = useSignup();
  const navigate = useNavigate();
  const bind = (key: keyof typeof account) => ({
    name: key,
    value: account[key],
    onChange: (event: { target: { value: string } }) =>
      setAccount((current) => ({ ...current, [key]: event.target.value })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = {
      email: account.email,
      name: account.name,
      password: account.password,
      org_name: account.organization.trim() || null,
    };
    signup.mutate(body, { onSuccess: () => navigate(paths.dashboard, { replace: true }) });
  };

  return (
    <form className="stack" onSubmit={onSubmit} aria-label="Sign up">
      <Field label="Email">
        {(control) => <input {...control} {...bind("email")} type="email" autoComplete="email" required />}
      </Field>
      <Field label="Name">{(control) => <input {...control} {...bind("name")} autoComplete="name" required />}</Field>
      <Field label="Organization" optional>
        {(control) => <input {...control} {...bind("organization")} autoComplete="organization" />}
      </Field>
      <Field label="Password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
        {(control) => (
          <input
            {...control}
            {...bind("password")}
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
          />
        )}
      </Field>
      {signup.error && <Notice tone="error">{signup.error.message}</Notice>}
      <Button type="submit" size="lg" disabled={signup.isPending}>
        {signup.isPending ? "Creating account…" : "Create Account"}
      </Button>
      <p className="auth-card__switch">
        Already have an account? <Link to={paths.login}>Sign in</Link>
      </p>
    </form>
  );
}
