import { Badge } from "../../../components/ui/badge";
import { isDemo } from "../model/risk";

/** How the page names each data source (the API's `source` values), as @sieve/negatome's SOURCE_DISPLAY_NAMES does. */
const SOURCE_NAMES: Record<string, string> = {
  demo: "demo set",
  clintox: "ClinTox",
  withdrawn: "withDRAWN (ChEMBL-derived)",
  drugcentral: "DrugCentral",
  user: "your organization",
  synthetic: "computational oracle",
};

/**
 * A record's source, or a compound's sources joined by " + "; the built-in demo set is always marked, so
 * demonstration data is never read as real evidence.
 */
export function SourceLabel({ source }: { source: string }) {
  const sources = source.split(" + ");
  return (
    <span className="source-label" title={sources.join(", ")}>
      {sources.map((name) => SOURCE_NAMES[name] ?? name).join(" + ")}
      {sources.some(isDemo) && <Badge tone="neutral">Demo data</Badge>}
    </span>
  );
}
