import { NameCandidates } from "../../../components/name-candidates";
import { Notice } from "../../../components/ui/notice";
import { nameProblem } from "../../../lib/name-candidates";
import type { IdentifyWaiting } from "../model/identification";

interface IdentificationStatusProps {
  isFetching: boolean;
  waiting: IdentifyWaiting | null;
  error: Error | null;
  onChooseDisease: (id: string) => void;
}

/** What the page is waiting for (§4: a 202 names an engine job), or why there is no ranking. */
export function IdentificationStatus({ isFetching, waiting, error, onChooseDisease }: IdentificationStatusProps) {
  if (isFetching) {
    return (
      <p className="busy-line" role="status" data-testid="identify-status">
        {waiting ? `Computing target features… (engine job ${waiting.jobId}, ${waiting.status})` : "Ranking targets…"}
      </p>
    );
  }
  if (!error) return null;
  const problem = nameProblem(error);
  if (!problem) return <Notice tone="error">{error.message}</Notice>;
  return <NameCandidates problem={problem} onChoose={(_field, id) => onChooseDisease(id)} />;
}
