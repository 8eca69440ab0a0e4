import { PageHeader } from "../../../components/layouts/page-header";
import { PAGE_HELP } from "../../../config/help";
import { EvidenceModes } from "../../../features/evidence/components/evidence-modes";

export function EvidenceRoute() {
  return (
    <>
      <PageHeader
        title="Evidence"
        description="Search the literature, weigh the evidence for a target in a disease, and ingest your own documents."
        help={PAGE_HELP.evidence}
      />
      <EvidenceModes />
    </>
  );
}
