import { PageHeader } from "../../../components/layouts/page-header";
import { PAGE_HELP } from "../../../config/help";
import { TargetNarrowing } from "../../../features/targets/components/target-narrowing";

export function TargetNarrowingRoute() {
  return (
    <>
      <PageHeader
        title="Target Narrowing"
        description="The top-K targets of a disease, re-weighted live and exported as CSV."
        help={PAGE_HELP.targetNarrowing}
      />
      <TargetNarrowing />
    </>
  );
}
