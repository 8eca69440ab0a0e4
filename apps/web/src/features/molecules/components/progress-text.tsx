import { formatDecimal } from "../../../lib/format";
import { readProgress } from "../model/engine-job";

/**
 * "Generation n / max, best fitness f" from a job's progress record; a dash before the first
 * generation. Tables with their own best-fitness column leave the best out.
 */
export function ProgressText({ progress, withBest = true }: { progress: unknown; withBest?: boolean }) {
  const read = readProgress(progress);
  if (!read) return "—";
  return (
    <>
      Generation {read.generation}
      {read.maxGenerations !== null && ` / ${read.maxGenerations}`}
      {withBest && read.best !== null && `, best fitness ${formatDecimal(read.best, 4)}`}
    </>
  );
}
