import { AuthLayout } from "../../components/layouts/auth-layout";
import { SignupForm } from "../../features/auth/components/signup-form";

export function SignupRoute() {
  return (
    <AuthLayout title="Create your account" subtitle="Get early access to self-service target narrowing.">
      <SignupForm />
    </AuthLayout>
  );
}
