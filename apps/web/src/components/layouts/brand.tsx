import { Link } from "react-router";
import { paths } from "../../config/paths";

/** The wordmark, linking home; `tone` matches the surface it sits on. */
export function Brand({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <Link to={paths.home} className={`brand brand--${tone}`} aria-label="Sieve home">
      <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="currentColor" opacity="0.12" />
        <path d="M7 9h18l-7 9v6l-4 2v-8z" fill="var(--color-accent)" />
      </svg>
      <span className="brand__name">Sieve</span>
    </Link>
  );
}
