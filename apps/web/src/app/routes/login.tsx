import { AuthLayout } from "../../components/layouts/auth-layout";
import { LoginForm } from "../../features/auth/components/login-form";

export function LoginRoute() {
  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to your Sieve workspace.">
      <LoginForm />
    </AuthLayout>
  );
}
