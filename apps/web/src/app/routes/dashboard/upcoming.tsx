import { PageHeader } from "../../../components/layouts/page-header";
import { Notice } from "../../../components/ui/notice";
import { PAGE_HELP, type HelpTopic } from "../../../config/help";

interface UpcomingPage {
  title: string;
  notice: string;
  /** What the page will offer, from §2; shown so users know what is coming, never as fake data. */
  planned: string[];
}

const NOT_YET = "This page is not connected yet. It will be built on the platform's science services.";

/** Pages whose features arrive in later releases: route, title, Help and an honest notice. */
export const UPCOMING_PAGES = {
  targets: {
    title: "Targets",
    notice: NOT_YET,
    planned: ["Target identification for a disease (default 10 targets)", "An evidence panel per target: average evidence score and priority score"],
  },
  targetNarrowing: {
    title: "Target Narrowing",
    notice: NOT_YET,
    planned: ["A disease and a top-K (1 to 100, default 5)", "A ranking table by composite score", "Re-weight sliders over w_lit, w_omics, w_drugg, w_safe and w_neg"],
  },
  reports: {
    title: "Reports",
    notice: "This view is not wired yet",
    planned: ["Run dossiers and replay bundles to download"],
  },
} satisfies Partial<Record<HelpTopic, UpcomingPage>>;

export function UpcomingRoute({ page }: { page: keyof typeof UPCOMING_PAGES }) {
  const { title, notice, planned } = UPCOMING_PAGES[page];
  return (
    <>
      <PageHeader title={title} help={PAGE_HELP[page]} />
      <Notice title="Not available yet">{notice}</Notice>
      <section className="panel" aria-labelledby="planned-title">
        <h2 id="planned-title" className="panel__title">
          What this page will offer
        </h2>
        <ul className="planned-list">
          {planned.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
