import { useQueryClient } from "@tanstack/react-query";
import { PageHeader } from "../../../components/layouts/page-header";
import { Tabs } from "../../../components/ui/tabs";
import { useTabParam } from "../../../components/ui/use-tab-param";
import { PAGE_HELP } from "../../../config/help";
import { NlpDatabase } from "../../../features/admin/components/nlp-database";
import { ReferenceDataLoader } from "../../../features/admin/components/reference-data-loader";
import { AuditPanel } from "../../../features/teams/components/audit-panel";
import { MembersPanel } from "../../../features/teams/components/members-panel";
import { NEGATOME_KEY } from "../../../features/negatome/api/negatome";
import { NegatomeDatabaseActions } from "../../../features/negatome/components/database-actions";
import { NegatomeStatsPanel } from "../../../features/negatome/components/negatome-stats";

const TABS = ["nlp", "negatome"] as const;

/** The admin console composes the admin feature (loaders, NLP database) with the negatome's own panels. */
export function AdminRoute() {
  const [tab, select] = useTabParam("tab", TABS);
  const queryClient = useQueryClient();
  return (
    <>
      <PageHeader
        title="Admin"
        description="Your organization's members, invitations and audit trail; load and check the literature and negatome databases."
        help={PAGE_HELP.admin}
      />
      <Tabs
        label="Databases"
        selected={tab}
        onSelect={select}
        tabs={[
          { id: "nlp", label: "NLP Database", panel: <NlpDatabase /> },
          {
            id: "negatome",
            label: "Negatome Database",
            panel: (
              <>
                <div className="dashboard-grid">
                  <NegatomeStatsPanel />
                  <NegatomeDatabaseActions />
                </div>
                <ReferenceDataLoader
                  title="Negatome loaders"
                  prefix="negatome:"
                  onLoaded={() => void queryClient.invalidateQueries({ queryKey: NEGATOME_KEY })}
                />
              </>
            ),
          },
        ]}
      />
      <MembersPanel />
      <AuditPanel />
    </>
  );
}
