import { Badge } from "../../../components/ui/badge";
import { isDemo } from "../model/risk";

/** A record's source; the built-in demo set is always marked, so demonstration data is never read as real evidence. */
export function SourceLabel({ source }: { source: string }) {
  return (
    <span className="source-label">
      {source}
      {isDemo(source) && <Badge tone="neutral">Demo data</Badge>}
    </span>
  );
}
