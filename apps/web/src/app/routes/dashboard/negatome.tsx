import { PageHeader } from "../../../components/layouts/page-header";
import { PAGE_HELP } from "../../../config/help";
import { ContributePanel } from "../../../features/negatome/components/contribute-panel";
import { NegatomeDatabaseActions } from "../../../features/negatome/components/database-actions";
import { NegatomeStatsPanel } from "../../../features/negatome/components/negatome-stats";
import { RecordsPanel } from "../../../features/negatome/components/records-table";
import { SafetyLookup } from "../../../features/negatome/components/safety-lookup";
import { DockingOraclePanel } from "../../../features/workflows/components/docking-oracle-panel";
import { MdOraclePanel } from "../../../features/workflows/components/md-oracle-panel";

export function NegatomeRoute() {
  return (
    <>
      <PageHeader
        title="Negatome Database"
        description="Historical failed compounds: safety risk, similar failures and your own negative results."
        help={PAGE_HELP.negatome}
      />
      <SafetyLookup />
      <div className="dashboard-grid">
        <NegatomeStatsPanel />
        <NegatomeDatabaseActions />
      </div>
      <RecordsPanel />
      <ContributePanel />
      <DockingOraclePanel />
      <MdOraclePanel />
    </>
  );
}
