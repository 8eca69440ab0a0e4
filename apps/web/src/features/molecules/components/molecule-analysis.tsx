import { useState } from "react";
import { MAX_ANALYSIS_ITEMS } from "@sieve/contracts";
import { Field } from "../../../components/ui/field";
import { BatchOutcome } from "../../../components/ui/batch-outcome";
import { PasteOrUpload } from "../../../components/ui/paste-or-upload";
import { useMoleculeAnalysis } from "../api/molecule-analysis";
import { MoleculeResultsTable } from "./molecule-results-table";

const LIBRARY_ENDINGS = ".smi,.txt,.csv,.sdf,.sd";

export function MoleculeAnalysis() {
  const analysis = useMoleculeAnalysis();
  const [smilesColumn, setSmilesColumn] = useState("");

  return (
    <section className="panel stack" aria-labelledby="molecule-analysis-title">
      <h2 id="molecule-analysis-title" className="panel__title">
        Molecule analysis
      </h2>
      <PasteOrUpload
        itemLabel="SMILES"
        pasteLabel="SMILES (one per line)"
        pasteHint={`Blank lines are dropped; at most ${MAX_ANALYSIS_ITEMS.toLocaleString("en")} per request.`}
        placeholder={"CC(=O)Oc1ccccc1C(=O)O\nCn1cnc2c1c(=O)n(C)c(=O)n2C"}
        accept={LIBRARY_ENDINGS}
        fileHint=".smi or .txt (one SMILES per line, a name may follow), .csv, or .sdf"
        fileOptions={
          <Field
            label="SMILES column"
            optional
            hint="For a .csv: the column holding the SMILES. Left empty, it is detected from the header."
          >
            {(control) => (
              <input
                {...control}
                value={smilesColumn}
                onChange={(event) => setSmilesColumn(event.target.value)}
                maxLength={200}
              />
            )}
          </Field>
        }
        busy={analysis.isPending}
        onPaste={(text) => analysis.mutate({ kind: "text", text })}
        onUpload={(file) => analysis.mutate({ kind: "file", file, smilesColumn })}
      />
      <BatchOutcome
        pending={analysis.isPending}
        error={analysis.error}
        rows={analysis.data}
        noun={["molecule", "molecules"]}
      >
        {analysis.data && <MoleculeResultsTable results={analysis.data} />}
      </BatchOutcome>
    </section>
  );
}
