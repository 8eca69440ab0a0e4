import { useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { Checkbox, Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { paths } from "../../../config/paths";
import { useLogin } from "../../../lib/auth";

export function LoginForm() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  // RequireAuth remembers where the visitor was headed.
  const from = (location.state as { from?: string } | null)?.from ?? paths.dashboard;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ email, password, remember }, { onSuccess: () => navigate(from, { replace: true }) });
  };

  return (
    <form className="stack" onSubmit={onSubmit} aria-label="Sign in">
      <Field label="Email">
        {(control) => (
          <input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Field label="Password">
        {(control) => (
          <input
            {...control}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Checkbox name="remember" label="Remember me for 30 days" checked={remember} onChange={setRemember} />
      {login.error && <Notice tone="error">{login.error.message}</Notice>}
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? "Signing in…" : "Sign In"}
      </Button>
      <p className="auth-card__switch">
        New to Sieve? <Link to={paths.signup}>Create an account</Link>
      </p>
    </form>
  );
}
