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
// Every page of §2 is wired now; a page whose service arrives later goes here again.
export const UPCOMING_PAGES: Partial<Record<HelpTopic, UpcomingPage>> = {};

export function UpcomingRoute({ page }: { page: HelpTopic }) {
  const upcoming = UPCOMING_PAGES[page];
  if (!upcoming) return null;
  const { title, notice, planned } = upcoming;
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
