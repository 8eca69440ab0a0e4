import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonClassName } from "../../components/ui/button";
import { paths } from "../../config/paths";

/** §8: the router's error page keeps the default wording and adds a way back. */
export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main className="error-page">
      <h1>Unexpected Application Error!</h1>
      {detail && <p className="error-page__detail">{detail}</p>}
      <div className="error-page__actions">
        <a href={paths.home} className={buttonClassName("primary")}>
          Back to the home page
        </a>
        <Link to={paths.dashboard} className={buttonClassName("secondary")} reloadDocument>
          Open the dashboard
        </Link>
      </div>
    </main>
  );
}
