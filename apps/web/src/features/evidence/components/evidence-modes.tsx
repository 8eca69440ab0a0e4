import { Tabs } from "../../../components/ui/tabs";
import { useTabParam } from "../../../components/ui/use-tab-param";
import { DocumentDialog } from "./document-dialog";
import { FreeformSearch } from "./freeform-search";
import { IngestDocs } from "./ingest-docs";
import { TargetEvidence } from "./target-evidence";

const MODES = ["freeform", "target", "ingest"] as const;

/** §2: three modes, kept in the address (`?mode=target`). */
export function EvidenceModes() {
  const [mode, select] = useTabParam("mode", MODES);
  return (
    <>
      <Tabs
        label="Evidence modes"
        selected={mode}
        onSelect={select}
        tabs={[
          { id: "freeform", label: "Freeform", panel: <FreeformSearch /> },
          { id: "target", label: "Target Evidence", panel: <TargetEvidence /> },
          { id: "ingest", label: "Ingest Docs", panel: <IngestDocs /> },
        ]}
      />
      <DocumentDialog />
    </>
  );
}
