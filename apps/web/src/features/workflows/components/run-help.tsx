/** Help drawer of a workflow run page. */
export const RUN_HELP = (
  <>
    <p>
      A run launched from the New Job modal executes as an engine job; this page follows it every second until it
      finishes, and Cancel run stops it at its next check (running docking programs are stopped too).
    </p>
    <p>
      Virtual screening reads the compound library (bad lines are listed under Not scored, never fatal), applies the
      run&apos;s filters (shown with their values; every compound they drop is listed with the reason), and scores
      batches chosen by BatchDiversity until the evaluation budget: activity is the AutoDock Vina affinity in kcal/mol
      (lower is stronger) when docking is on and a structure is given, otherwise the maximum Tanimoto similarity to the
      target's known actives (a ligand-based proxy); synthetic accessibility is the Ertl–Schuffenhauer SA score (1 easy,
      10 hard), which counts against a molecule only above SA 4 (fully from SA 6), so it never prefers one easily made
      compound to another. Fitness is the weighted mean of the objectives&apos; desirabilities, each listed on the run
      page with its bounds.
    </p>
    <p>
      Lead optimization makes analogs of the hit compounds by the chosen strategy and reports each analog's changes
      against its parent. A custom workflow runs the plan read from its description; clauses that were not understood
      are listed and not applied.
    </p>
    <p>
      View pose shows the docked ligand (green carbons) in the receptor (grey cartoon, pocket residues as lines) with
      3Dmol.js.
    </p>
  </>
);
