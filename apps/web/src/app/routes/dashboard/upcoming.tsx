import { PageHeader } from "../../../components/layouts/page-header";
import { Notice } from "../../../components/ui/notice";
import { PAGE_HELP, type HelpTopic } from "../../../config/help";

interface UpcomingPage {
  title: string;
  notice: string;
  /** What the page will offer, from §2; shown so users know what is coming, never as fake data. */
  planned: string[];
}

/** Pages whose features arrive in later releases: route, title, Help and an honest notice. */
export const UPCOMING_PAGES = {
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
