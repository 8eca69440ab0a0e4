import { PassageMeta } from "../../../components/passage-meta";
import type { ReactNode } from "react";
import { TARGET_COMPONENTS, type TargetEvidenceResponse } from "@sieve/contracts";
import { Badge } from "../../../components/ui/badge";
import { DataTable, type Column } from "../../../components/ui/data-table";
import { formatDateTime, formatDecimal } from "../../../lib/format";
import { COMPONENT_LABELS, formatComponent } from "../model/ranking";

type Evidence = TargetEvidenceResponse;
type Feature = Evidence["features"][number];
type KnownDrug = Evidence["known_drugs"][number];
type FailureRecord = Evidence["failure_history"][number];

const SHA_SHOWN = 12;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="evidence-section stack" aria-labelledby={id}>
      <h3 id={id} className="subsection-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function ComponentsSection({ evidence }: { evidence: Evidence }) {
  return (
    <Section id="evidence-components" title="Components">
      <dl className="component-facts">
        {TARGET_COMPONENTS.map((component) => (
          <div key={component}>
            <dt>{COMPONENT_LABELS[component]}</dt>
            <dd className={evidence.components[component] === null ? "muted" : undefined}>
              {formatComponent(evidence.components[component])}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

const FEATURE_COLUMNS: Column<Feature>[] = [
  { header: "Source", cell: (feature) => feature.source, sortValue: (feature) => feature.source },
  {
    header: "Feature",
    cell: (feature) => <code>{feature.feature_name}</code>,
    sortValue: (feature) => feature.feature_name,
  },
  { header: "Component", cell: (feature) => COMPONENT_LABELS[feature.component] },
  {
    header: "Score",
    cell: (feature) => formatDecimal(feature.score, 3),
    align: "end",
    sortValue: (feature) => feature.score,
  },
  { header: "Raw", cell: (feature) => (feature.raw === null ? "—" : String(feature.raw)), align: "end" },
  { header: "Disease", cell: (feature) => feature.disease_id ?? "any" },
  { header: "Feature set", cell: (feature) => feature.feature_set_version },
  {
    header: "File SHA-256",
    cell: (feature) =>
      feature.file_sha256 ? (
        <code title={feature.file_sha256} className="sha">
          {feature.file_sha256.slice(0, SHA_SHOWN)}…
        </code>
      ) : (
        "—"
      ),
  },
  { header: "Ingested at", cell: (feature) => formatDateTime(feature.ingested_at), align: "end" },
];

export function FeaturesSection({ evidence }: { evidence: Evidence }) {
  return (
    <Section id="evidence-features" title={`Features (${evidence.features.length})`}>
      <DataTable
        caption={`Features of ${evidence.target.gene_symbol}`}
        columns={FEATURE_COLUMNS}
        rows={evidence.features}
        rowKey={(feature) =>
          `${feature.source}|${feature.feature_name}|${feature.disease_id ?? ""}|${feature.feature_set_version}`
        }
        empty="No ingested feature covers this gene for this disease."
        pageSize={25}
      />
    </Section>
  );
}

function Count({ label, value }: { label: string; value: { count: number | null; confident: boolean } }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {value.count === null ? <span className="muted">no data</span> : value.count.toLocaleString("en")}{" "}
        {value.count !== null &&
          (value.confident ? <Badge tone="success">confident</Badge> : <Badge tone="neutral">below threshold</Badge>)}
      </dd>
    </div>
  );
}

export function DruggabilitySection({ evidence }: { evidence: Evidence }) {
  const { druggability } = evidence;
  return (
    <Section id="evidence-druggability" title="Druggability">
      <dl className="facts">
        <Count label="Small molecule" value={druggability.small_molecule} />
        <Count label="Biologic" value={druggability.biologic} />
        <div>
          <dt>Approved drugs</dt>
          <dd>{druggability.approved_drugs.toLocaleString("en")}</dd>
        </div>
      </dl>
      <p className="muted">
        Counts from the ChEMBL tractability upload; "confident" when a count reaches the upload's minimum count for
        confidence.
      </p>
    </Section>
  );
}

const DRUG_COLUMNS: Column<KnownDrug>[] = [
  { header: "Drug", cell: (drug) => drug.drug_name, sortValue: (drug) => drug.drug_name },
  { header: "Action", cell: (drug) => drug.action_type ?? "—" },
  { header: "Indications", cell: (drug) => (drug.indications.length ? drug.indications.join("; ") : "—") },
  {
    header: "Flags",
    cell: (drug) =>
      drug.withdrawn || drug.black_box ? (
        <span className="badge-row">
          {drug.withdrawn && <Badge tone="danger">withdrawn</Badge>}
          {drug.black_box && <Badge tone="warning">black box</Badge>}
        </span>
      ) : (
        "—"
      ),
  },
];

export function KnownDrugsSection({ evidence }: { evidence: Evidence }) {
  return (
    <Section id="evidence-drugs" title={`Known drugs (${evidence.known_drugs.length})`}>
      <DataTable
        caption={`Known drugs of ${evidence.target.gene_symbol}`}
        columns={DRUG_COLUMNS}
        rows={evidence.known_drugs}
        rowKey={(drug) => drug.drug_name}
        empty="No known drug acts on this target."
        pageSize={25}
      />
    </Section>
  );
}

const FAILURE_COLUMNS: Column<FailureRecord>[] = [
  { header: "Record", cell: (record) => <code>{record.negatome_id}</code> },
  { header: "Failure class", cell: (record) => record.failure_class },
  { header: "Compound InChIKey", cell: (record) => <code className="sha">{record.compound_inchi_key}</code> },
  { header: "Source", cell: (record) => record.source },
  { header: "Score", cell: (record) => formatDecimal(record.score), align: "end" },
];

export function FailureHistorySection({ evidence }: { evidence: Evidence }) {
  return (
    <Section id="evidence-failures" title={`Failure history (${evidence.failure_history.length})`}>
      <DataTable
        caption={`Negatome records on ${evidence.target.gene_symbol}`}
        columns={FAILURE_COLUMNS}
        rows={evidence.failure_history}
        rowKey={(record) => record.negatome_id}
        empty="No negatome record names this target."
        pageSize={25}
      />
    </Section>
  );
}

export function TriplesSection({ evidence }: { evidence: Evidence }) {
  const filter = evidence.literature_filter;
  const threshold = filter.min_confidence ?? filter.confidence_thresholds["gene-disease"];
  return (
    <Section id="evidence-triples" title={`Top triples (${evidence.triples.length})`}>
      <p className="muted" data-testid="triple-filter">
        Triples with calibrated confidence ≥ {formatDecimal(threshold, 2)}
        {filter.min_confidence === null
          ? " (default for gene–disease, chosen for F1 on BioRED's development split)"
          : ""}
        , or curated. {filter.below_min_confidence.toLocaleString("en")} below it{" "}
        {filter.below_min_confidence === 1 ? "is" : "are"} held back here and in the ranking&apos;s literature
        component.
      </p>
      {evidence.triples.length === 0 ? (
        <p className="muted">No extracted or curated triple links this gene to this disease.</p>
      ) : (
        <ol className="triple-list" aria-label="Top triples">
          {evidence.triples.map((triple) => (
            <li key={triple.tri_id} className="triple">
              <p className="triple__facts">
                <strong className="triple__relation">{triple.relation.replaceAll("_", " ")}</strong>
                <Badge
                  tone={
                    triple.polarity === "positive" ? "success" : triple.polarity === "negative" ? "danger" : "neutral"
                  }
                >
                  {triple.polarity}
                </Badge>
                <span>evidence score {formatDecimal(triple.evidence_score, 3)}</span>
                <span>confidence {formatDecimal(triple.confidence, 2)}</span>
                {triple.curated && <Badge tone="neutral">curated</Badge>}
              </p>
              {triple.stated_in_sentence ? (
                triple.sentence && <blockquote className="triple__sentence">{triple.sentence}</blockquote>
              ) : (
                <p className="muted">No sentence names both: the link is inferred from the whole document.</p>
              )}
              <p className="triple__doc">
                {triple.document.title ? `${triple.document.title} · ` : ""}
                <code>
                  {triple.document.source}: {triple.document.external_id}
                </code>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

export function PassagesSection({ evidence }: { evidence: Evidence }) {
  return (
    <Section id="evidence-passages" title={`Passages (${evidence.passages.length})`}>
      {evidence.passages.length === 0 ? (
        <p className="muted">No passage mentions this gene together with this disease.</p>
      ) : (
        <ol className="passage-list" aria-label="Passages">
          {evidence.passages.map((passage, index) => (
            <li key={`${passage.doc.source}|${passage.doc.external_id}|${index}`} className="passage">
              <PassageMeta doc={passage.doc} score={passage.score} />
              <p className="passage__text">{passage.text}</p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
