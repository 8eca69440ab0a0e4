/**
 * Common clinical abbreviations and the Disease Ontology names they stand for, for the disease input
 * (the ontology's own synonyms carry some, e.g. COPD, NSCLC, ALS, but not RA, T2D or SLE). An
 * abbreviation with several expansions is ambiguous and the input offers its candidates. Where the
 * ontology's synonym for an abbreviation is not what clinicians mean by it (IBD is a synonym of
 * irritable bowel syndrome there), this table decides.
 */
export const DISEASE_ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  RA: ["rheumatoid arthritis"],
  T1D: ["type 1 diabetes mellitus"],
  T2D: ["type 2 diabetes mellitus"],
  T2DM: ["type 2 diabetes mellitus"],
  MS: ["multiple sclerosis", "mitral valve stenosis", "metabolic syndrome X"],
  AD: ["Alzheimer's disease"],
  PD: ["Parkinson's disease"],
  ALS: ["amyotrophic lateral sclerosis"],
  COPD: ["chronic obstructive pulmonary disease"],
  NSCLC: ["non-small cell lung carcinoma"],
  SCLC: ["lung small cell carcinoma"],
  SLE: ["systemic lupus erythematosus"],
  IBD: ["inflammatory bowel disease"],
  IBS: ["irritable bowel syndrome"],
  UC: ["ulcerative colitis"],
  CD: ["Crohn's disease", "celiac disease"],
  AS: ["ankylosing spondylitis", "aortic valve stenosis"],
  PSA: ["psoriatic arthritis"],
  HCC: ["hepatocellular carcinoma"],
  RCC: ["renal cell carcinoma"],
  AML: ["acute myeloid leukemia"],
  ALL: ["acute lymphocytic leukemia"],
  CAD: ["coronary artery disease"],
  MI: ["myocardial infarction"],
  CHF: ["congestive heart failure"],
  CKD: ["chronic kidney failure"],
  HIV: ["Human immunodeficiency virus infectious disease"],
  ADHD: ["attention deficit hyperactivity disorder"],
  MDD: ["major depressive disorder"],
  GAD: ["generalized anxiety disorder"],
  OCD: ["obsessive-compulsive disorder", "osteochondritis dissecans"],
  PTSD: ["post-traumatic stress disorder"],
  GERD: ["gastroesophageal reflux disease"],
  IPF: ["idiopathic pulmonary fibrosis"],
  AMD: ["age related macular degeneration"],
};
