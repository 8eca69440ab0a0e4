import { MAX_ANALYSIS_ITEMS } from "@sieve/contracts";
import { BatchOutcome } from "../../../components/ui/batch-outcome";
import { PasteOrUpload } from "../../../components/ui/paste-or-upload";
import { useProteinAnalysis } from "../api/protein-analysis";
import { ProteinResultsTable } from "./protein-results-table";
import { StructureViewer } from "./structure-viewer";

const SEQUENCE_ENDINGS = ".fasta,.fa,.faa,.txt,.seq,.pdb,.ent";

export function ProteinAnalysis() {
  const analysis = useProteinAnalysis();
  const results = analysis.data?.results;
  const structure = analysis.data?.structure;

  return (
    <>
      <section className="panel stack" aria-labelledby="protein-analysis-title">
        <h2 id="protein-analysis-title" className="panel__title">
          Protein analysis
        </h2>
        <PasteOrUpload
          itemLabel="sequence"
          pasteLabel="Sequences (one per line, or FASTA)"
          pasteHint={`One-letter amino-acid codes, one sequence per line, or FASTA records (">name" then the sequence). At most ${MAX_ANALYSIS_ITEMS.toLocaleString("en")} per request.`}
          placeholder={">sp|P69905|HBA_HUMAN\nMVLSPADKTNVKAAWGKVGAHAGEYGAEALERMFLSFPTTKTYFPHF"}
          accept={SEQUENCE_ENDINGS}
          fileHint="FASTA (.fasta, .fa, .faa), plain text (.txt, .seq), or a structure (.pdb, .ent): each protein chain is analysed and the structure is shown in 3D."
          busy={analysis.isPending}
          onPaste={(text) => analysis.mutate({ kind: "text", text })}
          onUpload={(file) => analysis.mutate({ kind: "file", file })}
        />
        <BatchOutcome
          pending={analysis.isPending}
          error={analysis.error}
          rows={results}
          noun={["sequence", "sequences"]}
        >
          {results && <ProteinResultsTable results={results} />}
        </BatchOutcome>
      </section>
      {structure && (
        <StructureViewer
          structure={structure}
          chains={(results ?? []).flatMap((row) => (row.chain ? [row.chain] : []))}
        />
      )}
    </>
  );
}
