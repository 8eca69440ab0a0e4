const TIPS = [
  "Create a project per program: projects scope runs, artifacts and access.",
  "Upload a .pdb or .pdbqt structure in the New Job dialog; the field then holds the stored file's upload:// address.",
  "Compound libraries can be .smi, .sdf, .txt or .csv files.",
  "Every dashboard page has a Help drawer with its rules and the server's error codes.",
];

export function Tips() {
  return (
    <section className="panel" aria-labelledby="tips-title">
      <h2 id="tips-title" className="panel__title">
        Tips
      </h2>
      <ul className="tips">
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}
