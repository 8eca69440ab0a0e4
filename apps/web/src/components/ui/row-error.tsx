/** Why one row of a batch failed (e.g. RDKit's parse error), shown in place of its values. */
export function RowError({ reason }: { reason: string | undefined }) {
  return (
    <p className="row-error">
      <span className="row-error__label">Not analysed:</span> {reason ?? "the server gave no reason"}
    </p>
  );
}
