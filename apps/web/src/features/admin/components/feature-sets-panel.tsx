import { useState, type FormEvent } from "react";
import { FeatureSetVersion, type FeatureSet } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { DataTable, type Column } from "../../../components/ui/data-table";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { formatDateTime } from "../../../lib/format";
import { useFeatureSets } from "../../../lib/target-feature-sets";
import { useCreateFeatureSet } from "../api/target-features";

const COLUMNS: Column<FeatureSet>[] = [
  { header: "Version", cell: (set) => <code>{set.version}</code>, sortValue: (set) => set.version },
  { header: "Description", cell: (set) => set.description || "—" },
  { header: "Scope", cell: (set) => (set.org_id === null ? "Public reference" : "Your organization") },
  {
    header: "Created",
    cell: (set) => formatDateTime(set.created_at),
    align: "end",
    sortValue: (set) => set.created_at,
  },
];

/** §3 Feature set (version, description): create one, and the sets features can be uploaded into. */
export function FeatureSetsPanel() {
  const sets = useFeatureSets();
  const create = useCreateFeatureSet();
  const [version, setVersion] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = FeatureSetVersion.safeParse(version);
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? "Invalid version"));
    if (parsed.success)
      create.mutate(
        { version: parsed.data, description: description.trim() },
        { onSuccess: () => (setVersion(""), setDescription("")) },
      );
  };

  return (
    <div className="stack">
      <h3 className="subsection-title">Feature sets</h3>
      <form className="stack" onSubmit={onSubmit} aria-label="Create a feature set" noValidate>
        <div className="form-grid">
          <Field
            label="Version"
            error={error}
            hint="1–64 letters, digits, dots, dashes or underscores, e.g. priors_v2."
          >
            {(control) => (
              <input
                {...control}
                value={version}
                onChange={(event) => setVersion(event.target.value)}
                maxLength={64}
                spellCheck={false}
              />
            )}
          </Field>
          <Field label="Description" optional>
            {(control) => (
              <input
                {...control}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                maxLength={2000}
              />
            )}
          </Field>
        </div>
        <div className="button-row">
          <Button type="submit" variant="secondary" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create feature set"}
          </Button>
        </div>
      </form>
      {create.isError && <Notice tone="error">{create.error.message}</Notice>}
      {create.data && !create.isPending && <Notice tone="success">Created feature set {create.data.version}.</Notice>}
      {sets.isPending && <p className="loading">Loading feature sets…</p>}
      {sets.isError && <Notice tone="error">{sets.error.message}</Notice>}
      {sets.data && (
        <DataTable
          caption="Feature sets"
          columns={COLUMNS}
          rows={sets.data}
          rowKey={(set) => set.id}
          empty="No feature set yet: create one, or load the target reference data."
        />
      )}
    </div>
  );
}
