import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { DashboardLayout } from "../components/layouts/dashboard-layout";
import { paths } from "../config/paths";
import { RequireAuth } from "../lib/auth";
import { AdminRoute } from "./routes/dashboard/admin";
import { AnalysesRoute } from "./routes/dashboard/analyses";
import { DashboardRoute } from "./routes/dashboard/dashboard";
import { EvidenceRoute } from "./routes/dashboard/evidence";
import { MoleculesRoute } from "./routes/dashboard/molecules";
import { NegatomeRoute } from "./routes/dashboard/negatome";
import { ProjectRoute } from "./routes/dashboard/project";
import { ProjectsRoute } from "./routes/dashboard/projects";
import { ProteinsRoute } from "./routes/dashboard/proteins";
import { RunRoute } from "./routes/dashboard/run";
import { ReportsRoute } from "./routes/dashboard/reports";
import { SettingsRoute } from "./routes/dashboard/settings";
import { TargetNarrowingRoute } from "./routes/dashboard/target-narrowing";
import { TargetsRoute } from "./routes/dashboard/targets";
import { ErrorPage } from "./routes/error-page";
import { InviteRoute } from "./routes/invite";
import { LandingRoute } from "./routes/landing";
import { LoginRoute } from "./routes/login";
import { SignupRoute } from "./routes/signup";

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      { path: paths.home, element: <LandingRoute /> },
      { path: paths.login, element: <LoginRoute /> },
      { path: paths.signup, element: <SignupRoute /> },
      { path: paths.invite, element: <InviteRoute /> },
      {
        path: paths.dashboard,
        element: (
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <DashboardRoute /> },
          { path: paths.projects, element: <ProjectsRoute /> },
          { path: paths.project, element: <ProjectRoute /> },
          { path: paths.targets, element: <TargetsRoute /> },
          { path: paths.targetNarrowing, element: <TargetNarrowingRoute /> },
          { path: paths.evidence, element: <EvidenceRoute /> },
          { path: paths.molecules, element: <MoleculesRoute /> },
          { path: paths.negatome, element: <NegatomeRoute /> },
          { path: paths.proteins, element: <ProteinsRoute /> },
          { path: paths.analyses, element: <AnalysesRoute /> },
          { path: paths.reports, element: <ReportsRoute /> },
          { path: paths.admin, element: <AdminRoute /> },
          { path: paths.settings, element: <SettingsRoute /> },
          { path: paths.run, element: <RunRoute /> },
        ],
      },
      // §2: any unknown path redirects to the landing page.
      { path: "*", element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
