import { PageHeader } from "../../../components/layouts/page-header";
import { PAGE_HELP } from "../../../config/help";
import { ProteinAnalysis } from "../../../features/proteins/components/protein-analysis";

export function ProteinsRoute() {
  return (
    <>
      <PageHeader
        title="Proteins"
        description="Physico-chemical properties of protein sequences, and uploaded structures in 3D."
        help={PAGE_HELP.proteins}
      />
      <ProteinAnalysis />
    </>
  );
}
