/** The landing page's copy (§1, §9); kept apart from layout so texts can be checked against the spec. */

export const POSITIONING = {
  eyebrow: "Self-service drug-target narrowing",
  headline: "Narrow drug targets 10x faster, at 5-10x lower cost.",
  lede: "A self-service platform for narrowing drug targets, with no bioinformatics specialist needed. Literature evidence, multi-omics signals and historical failures, ranked and documented in one place.",
};

/** §1 trust claims. */
export const TRUST_CLAIMS = [
  { title: "No raw data leaves you", text: "Only metrics leave your environment; raw data stays with you." },
  { title: "Outbound-only, mutual TLS", text: "The worker connection is outbound-only and uses mutual TLS." },
  { title: "Replay without exposure", text: "Replay bundles expose no source code." },
];

export const VALUE_PILLARS = [
  {
    figure: "10x",
    title: "Faster",
    text: "Than traditional target-narrowing approaches, run as a fixed-scope sprint.",
  },
  { figure: "5-10x", title: "Cheaper", text: "Than traditional approaches, with a fixed price per sprint." },
  {
    figure: "0",
    title: "Specialists needed",
    text: "No bioinformatics specialist needed: your scientists drive it themselves.",
  },
];

export const CAPABILITIES = [
  {
    title: "Unified data layer and knowledge graph",
    text: "Literature, omics and compound evidence linked in one graph you can query.",
  },
  {
    title: "Multi-omics target identification",
    text: "Candidate targets for a disease, identified from multi-omics signals.",
  },
  {
    title: "Novelty and druggability scoring",
    text: "Each target scored for novelty and druggability, with the evidence behind the score.",
  },
  {
    title: "De-risking and pathway analysis",
    text: "Pathway context and a negatome of historical failed compounds to flag risk early.",
  },
  {
    title: "Automated IP and compliance reporting",
    text: "Reports with AI-human provenance: what the model proposed and what a scientist decided.",
  },
  { title: "Team collaboration", text: "Role-aware workspaces and review queues for the whole program team." },
];

export const STEPS = [
  {
    title: "Connect and contextualize",
    text: "Bring your disease context and data; Sieve links it to literature and omics evidence.",
  },
  {
    title: "Prioritize with confidence",
    text: "Rank targets by composite evidence, novelty, druggability and safety, and re-weight to your program.",
  },
  { title: "Decide and document", text: "Record the decision with a dossier and a replay bundle that reproduces it." },
];

export const AUDIENCES = [
  {
    title: "Academic labs",
    text: "Turn a disease hypothesis into a ranked, evidenced target list without a dedicated informatics team.",
  },
  {
    title: "Emerging biotechs",
    text: "De-risk the first program quickly and show investors how each target was chosen.",
  },
  {
    title: "Contract research organisations (CROs)",
    text: "Offer target narrowing to clients as a documented, reproducible service.",
  },
];

export interface PricingPlan {
  name: string;
  price: string;
  featured: boolean;
  features: string[];
  cta: "Start a Sprint" | "Book a Call";
}

/** §9 launch pricing. */
export const PRICING_PLANS: PricingPlan[] = [
  {
    name: "Starter Sprint",
    price: "$9,900",
    featured: false,
    features: [
      "1 program",
      "Up to 600 evaluations",
      "1 objective set",
      "Dossier plus replay bundle",
      "30-day delivery",
      "Email support",
    ],
    cta: "Start a Sprint",
  },
  {
    name: "Standard Sprint",
    price: "$24,900",
    featured: true,
    features: [
      "1-2 programs",
      "Up to 1,500 evaluations",
      "Multi-objective optimization",
      "Dossier plus replay plus a review call",
      "Priority support",
      "Extended evidence mapping",
      "Custom objective weighting",
    ],
    cta: "Start a Sprint",
  },
  {
    name: "Enterprise / OEM",
    price: "Custom",
    featured: false,
    features: [
      "Parallel programs",
      "Higher evaluation budgets",
      "SLAs",
      "Vendor-managed single-tenant VPC",
      "Optional confidential compute",
      "OEM licensing",
    ],
    cta: "Book a Call",
  },
];

export const PRICING_NOTE = "Pricing covers digital narrowing only. Lab work is not included.";

export const FAQ = [
  { question: "Is lab work included?", answer: PRICING_NOTE },
  {
    question: "Does our raw data leave our environment?",
    answer: "No. No raw data leaves the customer, only metrics.",
  },
  { question: "How does the worker connect?", answer: "The worker connection is outbound-only and uses mutual TLS." },
  {
    question: "What is in a replay bundle?",
    answer: "Everything needed to reproduce a run's decisions; replay bundles expose no source code.",
  },
  {
    question: "Can results be used clinically?",
    answer: "No. Sieve is for research use only, and every project records a research-use-only acknowledgement.",
  },
];

/** Honest updates only: what is true of the product today, no invented dates or announcements. */
export const NEWS = [
  {
    title: "Early access is open",
    text: "Sign up with your organization to create projects, upload structures and compound libraries, and queue screening jobs.",
  },
  {
    title: "Launch pricing published",
    text: "Starter and Standard Sprints have fixed launch prices; Enterprise / OEM is priced per engagement.",
  },
];

/** Replace with the company's own handles once they are registered. */
export const SOCIAL_LINKS = [
  { label: "LinkedIn", href: "https://www.linkedin.com/" },
  { label: "X", href: "https://x.com/" },
  { label: "GitHub", href: "https://github.com/" },
];
