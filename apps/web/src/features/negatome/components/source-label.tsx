import { Badge } from "../../../components/ui/badge";
import { isDemo } from "../model/risk";

/**
 * A record's source, or a compound's sources joined by " + "; the built-in demo set is always marked, so
 * demonstration data is never read as real evidence.
 */
export function SourceLabel({ source }: { source: string }) {
  return (
    <span className="source-label">
      {source}
      {source.split(" + ").some(isDemo) && <Badge tone="neutral">Demo data</Badge>}
    </span>
  );
}
