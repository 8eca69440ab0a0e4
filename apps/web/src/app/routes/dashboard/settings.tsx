import { PageHeader } from "../../../components/layouts/page-header";
import { PAGE_HELP } from "../../../config/help";
import { LegacyApiKeyField } from "../../../features/settings/components/legacy-api-key-field";
import { ProfileSection } from "../../../features/settings/components/profile-form";

export function SettingsRoute() {
  return (
    <>
      <PageHeader title="Settings" description="Your profile and organization." help={PAGE_HELP.settings} />
      <div className="stack stack--loose">
        <ProfileSection />
        <LegacyApiKeyField />
      </div>
    </>
  );
}
