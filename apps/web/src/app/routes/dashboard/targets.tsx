import { PageHeader } from "../../../components/layouts/page-header";
import { PAGE_HELP } from "../../../config/help";
import { TargetsPage } from "../../../features/targets/components/targets-page";

export function TargetsRoute() {
  return (
    <>
      <PageHeader
        title="Targets"
        description="Rank a disease's candidate targets by literature, omics, druggability, safety and failure history, and see the evidence behind each."
        help={PAGE_HELP.targets}
      />
      <TargetsPage />
    </>
  );
}
