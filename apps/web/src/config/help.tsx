import type { ReactNode } from "react";

/** How target priorities are computed: shared by the Help drawers of Targets and Target Narrowing. */
const TARGET_SCORING = (
  <>
    <h3>How the scores are computed</h3>
    <p>Each gene gets five components from 0 to 1 (higher is better), or "no data" when no source covers it:</p>
    <ul>
      <li>
        <strong>lit</strong> (literature): the literature prior over the triples extracted from ingested documents, plus
        curated JensenLab gene–disease associations.
      </li>
      <li>
        <strong>omics</strong>: the Open Targets association score, GTEx expression and tissue specificity, and the
        STRING network (degree, and proximity to the disease's known genes).
      </li>
      <li>
        <strong>drugg</strong> (druggability): ChEMBL tractability buckets (small molecule, biologic) and approved-drug
        targets from DrugCentral, including clinical precedence for this disease.
      </li>
      <li>
        <strong>safe</strong> = 1 − the known safety liability: being the target of withdrawn or black-box-warned drugs.
      </li>
      <li>
        <strong>neg</strong> = 1 − the failure-history risk: negatome records of compounds that failed on the target.
      </li>
    </ul>
    <p>
      Each component combines its evidence scores with Open Targets' weighted harmonic sum: sorted from the highest, the
      i-th score is divided by i², and the sum is normalised so the component stays within 0 to 1 (for safe and neg, the
      harmonic sum of the liabilities is subtracted from 1).
    </p>
    <p>
      <strong>Priority = (Σ w·component / Σ w) × √coverage</strong> over the components that have data for that gene: a
      component with "no data" neither counts as 0 nor keeps its weight, the weights are renormalised per gene over what
      is known about it. <strong>Coverage</strong> is the share of the weights backed by data (100% = all five
      components known); the square root lets a gene known on more components count for more, so one strong component
      alone cannot outrank a target with evidence on several. Default weights: w_lit 0.3, w_omics 0.25, w_drugg 0.2,
      w_safe 0.15, w_neg 0.1. The re-weight sliders run from 0 to 1 in steps of 0.05; the ranking follows at once in the
      browser, with the same formula as the server and no request. Reset weights restores the defaults.
    </p>
    <p>
      <strong>Mode.</strong> <em>All</em> (the default) counts the disease&apos;s own clinical precedence as
      druggability evidence: an approved drug for the disease or a disease below it in the Disease Ontology
      (DrugCentral) acting on the gene, as Open Targets counts known drugs, so established targets rank high.{" "}
      <em>Novel</em> leaves that evidence out, for discovery. In both modes such a target is labelled &quot;approved
      drug for this disease&quot; with its drugs, and its novelty is 0.
    </p>
    <p>
      Avg evidence score and n evidence summarise the gene's literature evidence for the disease; novelty is 1 minus how
      well studied the gene is in the literature (0 = heavily studied), and 0 for a target with an approved drug for the
      disease. The disease may be given by name, synonym, DOID or a common abbreviation (RA, T2D, COPD, NSCLC …); an
      ambiguous one (MS) offers its candidates.
    </p>
  </>
);

/**
 * The Help drawer text of every dashboard page (§2). Server rules are quoted from §5 and §8 so
 * users can tell a validation error from a missing service.
 */
export const PAGE_HELP = {
  dashboard: (
    <>
      <p>
        The dashboard counts your organization's projects and analyses (runs plus engine jobs) and lists the 10 most
        recent runs and 5 most recent projects.
      </p>
      <h3>New Job</h3>
      <p>Choose a workflow type and fill in its required fields:</p>
      <ul>
        <li>Virtual High-Throughput Screening: Target Protein and Compound Library.</li>
        <li>Lead Optimization: Target Protein and Hit Compounds.</li>
        <li>Custom Workflow: a Custom Workflow Description.</li>
      </ul>
      <p>
        Uploads accept .pdb and .pdbqt for proteins and .smi, .sdf, .txt or .csv for compounds; the field then holds the
        stored file's upload:// address. Every job belongs to a project: pick one of yours, or name a new one and
        acknowledge research use only. No project is created without you.
      </p>
      <p>
        Runs are queued until an executor for their workflow is connected. No progress is shown until one picks them up.
      </p>
    </>
  ),
  projects: (
    <>
      <p>Projects scope runs, artifacts and access. A research-use-only acknowledgement is required to create one.</p>
      <p>
        The page sends <code>POST /v1/projects/</code> with snake-case keys: <code>org_id</code>, <code>name</code>,{" "}
        <code>ruo_ack</code>, <code>disease_area</code>, <code>assay_context</code>. The name is trimmed and must not be
        empty.
      </p>
      <p>A 405 means the request was not authenticated: sign in again.</p>
      <p>A project&apos;s name opens its page: its disease, target shortlist, runs, reports, reviews and members.</p>
    </>
  ),
  project: (
    <>
      <p>One project, for everyone in your organization.</p>
      <h3>Disease</h3>
      <p>
        Chosen from the Disease Ontology: type two letters or more and pick a term, so the project stores its id (DOID).
        The server checks the id against the ontology it has loaded (an admin loads it on the Admin page) and takes the
        term&apos;s name. A disease typed as free text when the project was created has no id until a term is chosen
        here. Viewers may look but not change it.
      </p>
      <h3>Target shortlist</h3>
      <p>
        The disease&apos;s top 10 targets as the Targets page ranks them by default: the default feature set and
        weights, all targets (approved drugs for the disease count as evidence). The link opens the full ranking with
        each gene&apos;s evidence.
      </p>
      <h3>Runs, reports and reviews</h3>
      <p>
        Every run launched in this project, newest first: its status, its dossier and replay bundle, and its review
        progress (accept or reject the run, or review its outputs one by one). A run&apos;s page shows its results and
        signs its dossier.
      </p>
      <h3>Members</h3>
      <p>
        Everyone in your organization works in every project, with their organization role; admins and owners invite
        from here as from the Admin page.
      </p>
    </>
  ),
  targets: (
    <>
      <p>
        Ranks a disease's genes as drug targets. Enter a disease by name, synonym or DOID (suggestions come from the
        Disease Ontology; sub-types count too), how many genes to list (limit 1 to 1000, default 10) and the feature set
        to rank with (default <code>priors_v1</code>). Click a gene to open its evidence panel; its address (
        <code>?gene=EGFR</code>) can be shared.
      </p>
      {TARGET_SCORING}
      <h3>While the ranking is computed</h3>
      <p>
        The server may answer 202 with an engine job id while it computes the disease's target features. The page then
        polls the job every second, shows "Computing target features… (engine job id, status)", and asks for the ranking
        again once the job completes; a failed or cancelled job shows its error. Engine not configured gives 500 from
        the proxy.
      </p>
      <p>A disease name that means several terms, or none, gives 422 with candidates to choose from.</p>
    </>
  ),
  targetNarrowing: (
    <>
      <p>
        Enter a disease (name, synonym or DOID, with suggestions) and a top-K between 1 and 100 (default 5); the page
        checks the range before sending. The ranking table lists the top-K genes by priority, with the normalised
        weights shown as percentages.
      </p>
      {TARGET_SCORING}
      <h3>CSV export</h3>
      <p>
        Export CSV downloads <code>targets-&lt;DOID&gt;-top&lt;K&gt;.csv</code> in the order on screen, with the columns
        rank, gene_symbol, hgnc_id, uniprot_id, protein_name, lit, omics, drugg, safe, neg, priority_score, coverage,
        novelty and approved_for_disease ("no data" is an empty cell). A first line starting with <code>#</code> records
        the disease, the feature set, the mode and the weights used.
      </p>
      <p>
        The server may answer 202 with an engine job id while features are computed; the page polls the job every second
        and then shows the ranking. Server rule: topk must be 1-1000, otherwise 422.
      </p>
    </>
  ),
  evidence: (
    <>
      <p>
        Three modes: Freeform, Target Evidence and Ingest Docs. You search public literature and your organization's
        documents.
      </p>
      <h3>Freeform</h3>
      <p>
        Text search over passages (BM25), best first, with the matched words highlighted and each passage's document
        (source, id, venue, year). Top-K is 1 to 1000, default 10.
      </p>
      <h3>Target Evidence</h3>
      <p>
        A gene symbol and a disease (name, synonym or DOID; sub-types count too). Shows the evidence prior with its four
        components (evidence sum, MoA coverage, clinical signal, refutation penalty), the top 10 of the 20 best triples
        with polarity, relation, evidence score, the sentence each was read from and a link to its document, and the
        composite score.
      </p>
      <p>
        The composite (0 to 100) combines the literature prior with omics, druggability, safety and negatome risk, each
        on a 0 to 100 scale (negatome risk counts as 100 minus the risk). Default weights: w_lit 0.3, w_omics 0.25,
        w_drugg 0.2, w_safe 0.15, w_neg 0.1; the sliders run from 0 to 1 in steps of 0.05. Signals left empty are left
        out and the weights renormalised.
      </p>
      <p>A name that means several terms, or none, gives 422 with candidates to choose from.</p>
      <h3>Ingest Docs</h3>
      <p>
        Ingest accepts PDF or txt files, or a JSONL batch: one document per line with source, external_id and text
        (title, year, venue, license and url optional). The file must be non-empty with at least one valid line; every
        line is checked before anything is sent, and a malformed line is reported as "Malformed JSON at line N".
        Documents are sent in batches of 500 with progress. Failures read "Upload ingest failed" or "Ingest failed" with
        the server's reason.
      </p>
      <p>
        Server rules: topk 1-1000 (422); empty text gives 422 with code <code>empty_text</code>; a PDF that cannot be
        parsed gives 415 with code <code>pdf_parse_failed_or_dependency_missing</code>.
      </p>
    </>
  ),
  molecules: (
    <>
      <h3>Molecule analysis</h3>
      <p>
        Paste SMILES, one per line (trimmed, blank lines dropped), or upload a .smi or .txt file (one SMILES per line,
        optionally followed by a name), a .csv (name the SMILES column, or leave it empty to detect it from the header)
        or an .sdf.
      </p>
      <p>
        Each row shows the structure, formula and InChIKey, RDKit descriptors (MW, logP, TPSA, H-bond donors and
        acceptors, rotatable bonds, rings, QED, synthetic accessibility) and drug-likeness. The drug-like badge follows
        the rule approximate MW under 600; Lipinski violations and the Veber rule are shown beside it. A SMILES that
        cannot be read gets its own row with RDKit's reason. Click a column header to sort; Export CSV downloads the
        table as sorted.
      </p>
      <p>
        Server rules: at most 10,000 molecules per request, otherwise 413; an empty list or an unreadable file gives
        422.
      </p>
      <h3>Optimization</h3>
      <p>
        A project must be selected and at least one SMILES supplied (one per line). Defaults: target logP 3, molecular
        weight 400, TPSA 60, QED 0.8; weights 1, 1, 1 and 2; dimension 10, 50 generations, population 80.
      </p>
      <p>
        Ranges: dimensions 1-50, generations 10-200, population 20-200, QED target 0-1. The server also refuses a SMILES
        it cannot read (422, naming each bad line).
      </p>
      <p>
        Med-chem acceptability is on by default: a molecule that hits a PAINS A/B/C or Brenk alert or an unstable group
        (hypohalites, acyl halides, acyclic S–O and O–O bonds, N–N–N chains, non-aromatic polyenes, cumulenes, acyclic
        hemiacetals, enols), or whose synthetic accessibility score is above the limit (default 4), keeps a tenth of its
        fitness, and the mutation and crossover operators do not make the unstable groups. Each best molecule shows its
        SA score and the rules it fails. Untick Med-chem filters or set the SA limit to 10 to turn either off.
      </p>
      <p>
        Surrogate screening of offspring is off by default. Ticked, each generation makes three children for every one
        it scores, and scores only those a nearest-neighbour model (the ten most similar molecules scored so far, by
        Morgan fingerprint) predicts best: the same number of evaluations explores more chemistry, at the cost of longer
        generations. On the optimization benchmark (three tasks, two seeds, 2,000 evaluations) it raised the summed
        top-10 AUC from 1.48 to 1.77; it is not yet measured on the product&apos;s default objective, so it is not the
        default.
      </p>
      <p>
        Dimension is how finely the run tells molecules apart when it keeps each generation diverse: every molecule is
        summarised by 20 properties (weight, logP, TPSA, H-bond donors and acceptors, rings, …) and 30 substructure
        features, compressed to that many numbers, and the survivors are chosen to be spread out over them.
      </p>
      <p>
        The jobs list shows molecular optimization jobs and reloads 0.5 s after a start. Statuses: completed (green),
        running (amber), failed (red), others grey; "submitted" while the server has not answered yet, "unknown" when it
        reports none. Running, queued and status-less jobs can be cancelled. Choose a job to follow its progress live,
        see the best, mean and top-10 mean fitness and the diversity per generation, and once it completes its best
        molecules.
      </p>
      <p>
        Jobs wait queued while no worker is connected. Server statuses: engine not configured gives 500 from the proxy;
        deleting an engine job may give 501, and a finished job cannot be cancelled (409).
      </p>
    </>
  ),
  negatome: (
    <>
      <p>
        The negatome is a database of historical failed compounds. You see public records (the demo set and loaded
        reference datasets) and your organization's own.
      </p>
      <h3>Safety and similarity</h3>
      <p>
        Enter a SMILES and choose Check safety or Find similar. The risk score runs from 0 to 1: green up to 0.3, amber
        above 0.3, red above 0.7. Each warning says why (an exact match, a similar failure, a structural alert, the
        target's history) and links to its evidence; the evidence hits are drawn with their similarity, failure class,
        reason and source. A UniProt ID adds the target's failure history.
      </p>
      <p>
        A compound is one entry whatever its salt or stereo form (the parent structure&apos;s InChIKey, first block).
        The panel lists what every source says about it, approvals beside withdrawal and failure flags, in the
        source&apos;s own words (&quot;flagged withdrawn in ChEMBL&quot;, not &quot;withdrawn from the market&quot;);
        demo entries carry the country and year of the withdrawal and are marked demo data. When sources disagree a
        conflict marker says how. The verdict weighs each source by its reliability: one conflicting label cannot make
        an approved drug red, a dated withdrawal can, a boxed warning makes it amber at most, and structural alerts are
        warnings only.
      </p>
      <p>
        Similarity is Tanimoto on Morgan fingerprints (radius 2, 2,048 bits); Find similar lists the top-K records (1 to
        1000, default 10).
      </p>
      <h3>Records and stats</h3>
      <p>
        Recent records shows the 10 newest; filter by failure class, UniProt ID or InChIKey to see up to 20. Stats count
        records by failure class and by source. Records from the built-in demo set are labelled "Demo data": they are
        written from public facts for demonstration.
      </p>
      <h3>Contributing</h3>
      <p>
        Contributions need the contributor agreement (version 1.0.0); it is not acknowledged until you accept it. You
        may declare a researcher ID such as an ORCID. A contribution needs the compound's SMILES and the reason for
        failure; the target, assay type, conditions, outcome, replicate count, metadata and a data file are optional.
      </p>
      <p>
        Server rules: negatome smiles required (422); a contribution before the agreement is accepted gives 403 with
        code <code>agreement_required</code>; negatome stats gives 503 when the database is unavailable.
      </p>
    </>
  ),
  proteins: (
    <>
      <p>
        Protein analysis of sequences, one per line (trimmed, blank lines dropped), or FASTA records. Uploads accept
        .fasta, .fa, .faa, .txt and .seq, or a structure (.pdb, .ent) whose protein chains are analysed one by one and
        shown in 3D (cartoon coloured by chain, ligands as sticks).
      </p>
      <p>
        Each row shows length, molecular weight and isoelectric point as computed by the server (ProtParam method),
        GRAVY, the instability index (stable below 40), aromaticity, aliphatic index, extinction coefficients (all
        cysteines reduced, or forming cystines), hydrophobic and charged fractions, warnings and, under Details, the
        composition. The quick estimates pI ≈ (1 − charged fraction) × 7 and MW ≈ length × 110 appear there too,
        labelled as estimates.
      </p>
      <p>
        Server rules: at most 10,000 sequences per request, otherwise 413; an empty list, a file of another type or a
        PDB without protein chains gives 422. A sequence without standard amino acids gets its own row with the reason.
      </p>
    </>
  ),
  analyses: (
    <>
      <p>Every run of your organization with its state, plus optimization engine jobs once an engine is connected.</p>
      <p>
        States: queued, running, completed (green), failed (red), cancelled; "unknown" when the server reports none.
        Queued runs wait for an executor for their workflow.
      </p>
    </>
  ),
  reports: (
    <>
      <p>
        Every run of your organization with its dossier and replay bundle, its status and its review progress (how many
        of its outputs are accepted, rejected or still unreviewed). Accept or Reject records your decision on the run,
        with your name and the time; the dossier and the manifest list every decision.
      </p>
      <p>
        The dossier (zip) holds report.html (opens offline), report.pdf, the molecules with drawings, properties and
        negatome warnings, the optimization curves as SVG, the target shortlist when the project has a disease with a
        computed ranking, the review decisions and the signed manifest. The replay bundle (tar.gz) holds the run&apos;s
        configuration, seed, inputs, software versions and expected outputs with their SHA-256 — no source code;{" "}
        <code>npm run replay -- bundle.tar.gz</code> re-runs it and reports each output as identical or different.
      </p>
      <p>
        Downloads use a link valid for 15 minutes for that run and file only. The sample dossier is built from the
        public demonstration data and labelled as such.
      </p>
    </>
  ),
  admin: (
    <>
      <p>Two tabs: NLP Database and Negatome Database. Any signed-in user can reach this page.</p>
      <h3>NLP Database</h3>
      <p>
        Ensure schema checks the literature tables; health stats count documents, passages, entities and triples you can
        see. Reload ontologies rereads genes, diseases and drugs from the server's reference-data root (a directory
        outside it gives 400). Corpus ingestion loads public corpora (BC5CDR, BioRED) from that root: it takes tens of
        seconds, and the page shows how long it has been running.
      </p>
      <h3>Target feature ingestion</h3>
      <p>
        Target reference data (genes, diseases, DrugCentral, JensenLab, withDRAWN) loads from the reference-data root.
        Feature sets (version and description; a version already taken gives 409) group uploaded features; the default
        is <code>priors_v1</code>. Five uploads fill them, each with its parameters and defaults:
      </p>
      <ul>
        <li>Open Targets: the association file and the indication's EFO id.</li>
        <li>
          GTEx: the expression table, its gene id column (default Name), tidy or wide layout, the tissues of interest
          (comma-separated) and the disease they concern.
        </li>
        <li>STRING: protein links with species 9606, id prefix 9606., minimum score 700, kind ppi.</li>
        <li>
          ChEMBL: tractability counts by target (id, small-molecule and biologic count columns), confident from a
          minimum count of 10.
        </li>
        <li>
          Generic: any table of genes (HGNC id or symbol column) and a value column, scaled minmax or zscore, optionally
          inverted, for one component and optionally one disease.
        </li>
      </ul>
      <p>
        Each ingestion records the file's SHA-256, rows read, features written, genes matched and the identifiers that
        matched no gene. A file that cannot be read gives 422 naming its line and column.
      </p>
      <h3>Members</h3>
      <p>
        Below the tabs: your organization's members and roles. Admins and owners invite by email with a role (the link
        works once, for 7 days, and is shown once to copy), revoke pending invitations, change roles and remove members;
        only an owner grants or takes away the owner role, and the last owner stays. Anyone else sees the server's
        refusal (403 forbidden_role).
      </p>
      <h3>Audit trail</h3>
      <p>
        Last on the page, for admins and owners: the latest 50 writes in your organization, newest first, with who made
        them, the route, the status (a write refused for the caller's role is listed as 403 refused) and what changed
        (passwords and tokens redacted). Verify Chain recomputes each row's SHA-256 link to the one before and names the
        first broken row. The full trail, filtered and as CSV, is GET /v1/audit.
      </p>
      <h3>Negatome Database</h3>
      <p>
        Stats by failure class and source, Ensure schema, the built-in demo set (labelled "Demo data") and the negatome
        loaders (ClinTox, withDRAWN) from the reference-data root. Loading the same dataset again skips records already
        present.
      </p>
      <p>Server statuses: negatome stats gives 503 when the database is unavailable; validation failures give 422.</p>
    </>
  ),
  settings: (
    <>
      <p>
        Edit your name, organization and organization type (suggested: academic, biotech, pharma, cro). Renaming an
        organization you do not own is refused with 403.
      </p>
      <p>
        The user API key is deprecated: the server ignores it. If you store one it stays in this browser and is sent as
        the <code>X-API-Key</code> header.
      </p>
    </>
  ),
} satisfies Record<string, ReactNode>;
export type HelpTopic = keyof typeof PAGE_HELP;
