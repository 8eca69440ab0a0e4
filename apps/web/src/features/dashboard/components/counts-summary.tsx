import { Link } from "react-router";
import { paths } from "../../../config/paths";
import { useDashboardCounts, useMyReviewQueue } from "../api/counts";

/** §8: a failing count fetch is silently ignored; the tiles then show a dash. */
export function CountsSummary() {
  const counts = useDashboardCounts();
  const reviewQueue = useMyReviewQueue();
  const tiles = [
    { label: "Projects", value: counts.data?.projects, to: paths.projects },
    { label: "Analyses", value: counts.data?.analyses, to: paths.analyses },
    // Items assigned to the caller for review, not yet reviewed by them (GET /v1/reviews/queue).
    { label: "My reviews", value: reviewQueue.data?.count, to: paths.reports },
  ];
  return (
    <ul className="stat-tiles" aria-label="Counts">
      {tiles.map((tile) => (
        <li key={tile.label} className="stat-tile">
          <Link to={tile.to} className="stat-tile__link">
            <span className="stat-tile__value">{tile.value ?? "—"}</span>
            <span className="stat-tile__label">{tile.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
