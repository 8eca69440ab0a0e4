import { Button } from "../../../components/ui/button";
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
  return (
    <Notice tone="warning" title={problem.message}>
      {problem.candidates.length === 0 ? (
        <p>No close match. Check the spelling, or use a Disease Ontology id such as DOID:1324.</p>
      ) : (
        <>
          <p>{problem.ambiguous ? "This name means more than one disease. Choose one:" : "Did you mean:"}</p>
          <ul className="candidate-list" aria-label="Candidates">
            {problem.candidates.map((candidate) => (
              <li key={candidate.id}>
                <Button variant="secondary" size="sm" onClick={() => onChooseDisease(candidate.id)}>
                  {candidate.name} ({candidate.id})
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Notice>
  );
}
