import { useNavigate } from "react-router";
import { paths } from "../../config/paths";
import { hasAccessToken } from "../../lib/auth-storage";
import { LandingPage } from "../../features/marketing/components/landing-page";

/** §2: Get Early Access leads to sign-up, or straight to the dashboard for a signed-in visitor. */
export function LandingRoute() {
  const navigate = useNavigate();
  const earlyAccessPath = hasAccessToken() ? paths.dashboard : paths.signup;
  return <LandingPage earlyAccessPath={earlyAccessPath} onGetEarlyAccess={() => navigate(earlyAccessPath)} />;
}
