import type { NameProblem } from "../lib/name-candidates";
import { Button } from "./ui/button";
import { Notice } from "./ui/notice";

const ID_EXAMPLE: Record<NameProblem["field"], string> = {
  disease: "a DOID such as DOID:1324",
  symbol: "an HGNC id such as HGNC:3236",
};

/** An ambiguous or unknown name: the terms it could mean, one click to search with that term's id. */
export function NameCandidates({
  problem,
  onChoose,
}: {
  problem: NameProblem;
  onChoose: (field: NameProblem["field"], id: string) => void;
}) {
  return (
    <Notice tone="warning" title={problem.message}>
      {problem.candidates.length === 0 ? (
        <p>No close match. Check the spelling, or use an id ({ID_EXAMPLE[problem.field]}).</p>
      ) : (
        <>
          <p>{problem.ambiguous ? "This name means more than one term. Choose one:" : "Did you mean:"}</p>
          <ul className="candidate-list" aria-label="Candidates">
            {problem.candidates.map((candidate) => (
              <li key={candidate.id}>
                <Button variant="secondary" size="sm" onClick={() => onChoose(problem.field, candidate.id)}>
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
