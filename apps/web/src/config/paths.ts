/** Every route of the SPA, so links and the router never disagree on a path. */
export const paths = {
  home: "/",
  login: "/login",
  signup: "/signup",
  /** The link of an invitation (the API builds it as `<public url>/invite/<token>`). */
  invite: "/invite/:token",
  dashboard: "/dashboard",
  projects: "/dashboard/projects",
  project: "/dashboard/projects/:id",
  targets: "/dashboard/targets",
  targetNarrowing: "/dashboard/target-narrowing",
  evidence: "/dashboard/evidence",
  molecules: "/dashboard/molecules",
  negatome: "/dashboard/negatome",
  proteins: "/dashboard/proteins",
  analyses: "/dashboard/analyses",
  reports: "/dashboard/reports",
  admin: "/dashboard/admin",
  settings: "/dashboard/settings",
  run: "/dashboard/runs/:id",
} as const;

/** The page of one run launched from the New Job modal. */
export const runPath = (id: string) => `/dashboard/runs/${encodeURIComponent(id)}`;

/** The page of one project. */
export const projectPath = (id: number) => `/dashboard/projects/${id}`;

/** The page that accepts one invitation. */
export const invitePath = (token: string) => `/invite/${encodeURIComponent(token)}`;

/** The sidebar of §2, in the spec's order; Logout follows as a button. */
export const SIDEBAR_LINKS = [
  { label: "Dashboard", to: paths.dashboard },
  { label: "My Projects", to: paths.projects },
  { label: "Targets", to: paths.targets },
  { label: "Target Narrowing", to: paths.targetNarrowing },
  { label: "Evidence", to: paths.evidence },
  { label: "Molecular Optimization", to: paths.molecules },
  { label: "Negatome Database", to: paths.negatome },
  { label: "Proteins", to: paths.proteins },
  { label: "Analyses", to: paths.analyses },
  { label: "Reports", to: paths.reports },
  { label: "Admin", to: paths.admin },
  { label: "Settings", to: paths.settings },
] as const;
