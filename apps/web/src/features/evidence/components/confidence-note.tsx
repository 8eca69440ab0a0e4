import type { ConfidenceFilter, PairKindName } from "@sieve/contracts";
import { Checkbox } from "../../../components/ui/field";
import { describeConfidenceFilter } from "../model/confidence";

/** The confidence filter a triple list was fetched with, said plainly, and the switch to see every triple. */
export function ConfidenceNote({
  filter,
  kinds,
  showAll,
  onShowAll,
}: {
  filter: ConfidenceFilter;
  kinds?: PairKindName[];
  showAll: boolean;
  onShowAll: (showAll: boolean) => void;
}) {
  return (
    <div className="stack">
      <p className="muted">{describeConfidenceFilter(filter, kinds)}</p>
      <Checkbox label="Include low-confidence triples" checked={showAll} onChange={onShowAll} />
    </div>
  );
}
