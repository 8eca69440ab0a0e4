import { classifyWithdrawalReason, type FailureClass } from "./failure-classes";
import type { NegatomeCandidate } from "./types";

/**
 * The built-in demonstration set (`POST /ingest-demo`): well-known withdrawn or failed drugs,
 * written by the Sieve team from public facts (regulatory notices, trial reports, papers named in
 * `reference`). Structures were checked against the InChIKeys of DrugCentral 2023 and withDRAWN
 * where the drug is there (demo-set.test.ts); stereo of the drugs DrugCentral lacks was checked by
 * CIP label against their systematic names. Every record is labelled source "demo".
 */
export interface DemoCompound {
  name: string;
  smiles: string;
  failure_class: FailureClass;
  /** Intended (efficacy) target, UniProt accession; null when not a single human protein. */
  target: string | null;
  /** Off-targets blamed for the failure. */
  liabilities?: string[];
  year: number;
  reason: string;
  reference: string;
}

/** Gene symbol → UniProt accession of every target and liability named below (checked against HGNC in demo-set.test.ts). */
export const DEMO_TARGETS = {
  PTGS2: "P35354",
  PPARG: "P37231",
  HMGCR: "P04035",
  HRH1: "P35367",
  KCNH2: "Q12809",
  HTR4: "Q13639",
  HTR2A: "P28223",
  HTR2B: "P41595",
  HTR3A: "P46098",
  DRD2: "P14416",
  SLC6A4: "P31645",
  SLC6A2: "P23975",
  SCN5A: "Q14524",
  CACNA1H: "O95180",
  CNR1: "P21554",
  CRBN: "Q96SW2",
  COMT: "P21964",
  F2: "P00734",
  OPRM1: "P35372",
  ADRB1: "P08588",
  CETP: "P11597",
  PSEN1: "P49768",
  PARP1: "P09874",
} as const;
const { PTGS2, PPARG, HMGCR, HRH1, KCNH2, HTR4, HTR2A, HTR2B, HTR3A, DRD2, SLC6A4, SLC6A2, SCN5A, CACNA1H, CNR1, CRBN, COMT, F2, OPRM1, ADRB1, CETP, PSEN1, PARP1 } = DEMO_TARGETS;

const COX_NONSELECTIVE = "non-selective COX-1/COX-2 inhibitor";

export const DEMO_SET: readonly DemoCompound[] = [
  { name: "rofecoxib", smiles: "CS(=O)(=O)c1ccc(cc1)C1=C(C(=O)OC1)c1ccccc1", failure_class: "SAFETY", target: PTGS2, year: 2004,
    reason: "Increased risk of heart attack and stroke (cardiovascular thrombotic events) in the APPROVe trial; withdrawn worldwide by Merck",
    reference: "Merck withdrawal of Vioxx, 30 Sep 2004; Bresalier et al., N Engl J Med 2005;352:1092 (APPROVe)" },
  { name: "valdecoxib", smiles: "Cc1onc(-c2ccccc2)c1-c1ccc(cc1)S(N)(=O)=O", failure_class: "SAFETY", target: PTGS2, year: 2005,
    reason: "Cardiovascular risk and serious skin reactions (Stevens-Johnson syndrome, toxic epidermal necrolysis)",
    reference: "FDA request to withdraw Bextra, 7 Apr 2005" },
  { name: "lumiracoxib", smiles: "Cc1ccc(Nc2c(F)cccc2Cl)c(CC(=O)O)c1", failure_class: "SAFETY", target: PTGS2, year: 2007,
    reason: "Hepatotoxicity (serious liver injury, deaths and liver transplants)", reference: "TGA cancellation of Prexige registration, Aug 2007" },
  { name: "troglitazone", smiles: "Cc1c(C)c2OC(C)(COc3ccc(CC4SC(=O)NC4=O)cc3)CCc2c(C)c1O", failure_class: "SAFETY", target: PPARG, year: 2000,
    reason: "Idiosyncratic hepatotoxicity (liver failure)", reference: "Rezulin withdrawn from the US market, 21 Mar 2000 (FDA)" },
  { name: "rosiglitazone", smiles: "CN(CCOc1ccc(CC2SC(=O)NC2=O)cc1)c1ccccn1", failure_class: "SAFETY", target: PPARG, year: 2010,
    reason: "Increased risk of myocardial infarction (cardiovascular)", reference: "EMA suspension of Avandia, 23 Sep 2010; Nissen & Wolski, N Engl J Med 2007;356:2457" },
  { name: "cerivastatin", smiles: "COCc1c(C(C)C)nc(C(C)C)c(/C=C/[C@@H](O)C[C@@H](O)CC(=O)O)c1-c1ccc(F)cc1", failure_class: "SAFETY", target: HMGCR, year: 2001,
    reason: "Fatal rhabdomyolysis, especially combined with gemfibrozil", reference: "Bayer withdrawal of Baycol/Lipobay, 8 Aug 2001" },
  { name: "terfenadine", smiles: "CC(C)(C)c1ccc(cc1)C(O)CCCN1CCC(CC1)C(O)(c1ccccc1)c1ccccc1", failure_class: "SAFETY", target: HRH1, liabilities: [KCNH2], year: 1998,
    reason: "QT prolongation and torsade de pointes through hERG block, worst with CYP3A4 inhibitors", reference: "Seldane removed from the US market, Feb 1998 (FDA proposal Jan 1997)" },
  { name: "astemizole", smiles: "COc1ccc(CCN2CCC(CC2)Nc2nc3ccccc3n2Cc2ccc(F)cc2)cc1", failure_class: "SAFETY", target: HRH1, liabilities: [KCNH2], year: 1999,
    reason: "QT prolongation and torsade de pointes (hERG block)", reference: "Hismanal withdrawn from the US market by Janssen, Jun 1999" },
  { name: "cisapride", smiles: "COC1CN(CCCOc2ccc(F)cc2)CCC1NC(=O)c1cc(Cl)c(N)cc1OC", failure_class: "SAFETY", target: HTR4, liabilities: [KCNH2], year: 2000,
    reason: "QT prolongation, ventricular arrhythmias and deaths (hERG block)", reference: "Propulsid withdrawn from the US market, 14 Jul 2000 (FDA/Janssen)" },
  { name: "grepafloxacin", smiles: "Cc1c2c(=O)c(C(=O)O)cn(C3CC3)c2cc(N2CCNC(C)C2)c1F", failure_class: "SAFETY", target: null, liabilities: [KCNH2], year: 1999,
    reason: "QT prolongation and torsade de pointes (antibacterial; target is bacterial DNA gyrase)", reference: "Raxar withdrawn by Glaxo Wellcome, Oct 1999" },
  { name: "sertindole", smiles: "O=C1NCCN1CCN1CCC(CC1)c1cn(-c2ccc(F)cc2)c2ccc(Cl)cc12", failure_class: "SAFETY", target: DRD2, liabilities: [KCNH2], year: 1998,
    reason: "QT prolongation and sudden cardiac death", reference: "Serdolect suspended in the EU, Dec 1998 (reintroduced 2002 with restrictions)" },
  { name: "fenfluramine", smiles: "CCNC(C)Cc1cccc(c1)C(F)(F)F", failure_class: "SAFETY", target: SLC6A4, liabilities: [HTR2B], year: 1997,
    reason: "Cardiac valvulopathy and pulmonary arterial hypertension (5-HT2B agonism by norfenfluramine)",
    reference: "FDA request to withdraw Pondimin, 15 Sep 1997; Connolly et al., N Engl J Med 1997;337:581" },
  { name: "dexfenfluramine", smiles: "CCN[C@@H](C)Cc1cccc(c1)C(F)(F)F", failure_class: "SAFETY", target: SLC6A4, liabilities: [HTR2B], year: 1997,
    reason: "Cardiac valvulopathy and pulmonary arterial hypertension", reference: "Redux withdrawn, 15 Sep 1997 (FDA)" },
  { name: "pergolide", smiles: "CCCN1C[C@H](CSC)C[C@@H]2c3cccc4[nH]cc(C[C@H]21)c34", failure_class: "SAFETY", target: DRD2, liabilities: [HTR2B], year: 2007,
    reason: "Cardiac valvular disease (5-HT2B agonism)", reference: "Permax withdrawn from the US market, 29 Mar 2007 (FDA)" },
  { name: "sibutramine", smiles: "CC(C)CC(N(C)C)C1(CCC1)c1ccc(Cl)cc1", failure_class: "SAFETY", target: SLC6A4, year: 2010,
    reason: "Increased risk of non-fatal heart attack and stroke in the SCOUT trial (serotonin-noradrenaline reuptake inhibitor)",
    reference: "Meridia withdrawn, 8 Oct 2010 (FDA); James et al., N Engl J Med 2010;363:905 (SCOUT)" },
  { name: "rimonabant", smiles: "Cc1c(nn(-c2ccc(Cl)cc2Cl)c1-c1ccc(Cl)cc1)C(=O)NN1CCCCC1", failure_class: "SAFETY", target: CNR1, year: 2008,
    reason: "Psychiatric adverse effects: depression and suicidality", reference: "EMA recommended suspension of Acomplia, 23 Oct 2008" },
  { name: "thalidomide", smiles: "O=C1CCC(N2C(=O)c3ccccc3C2=O)C(=O)N1", failure_class: "SAFETY", target: CRBN, year: 1961,
    reason: "Teratogen: birth defects (phocomelia), mediated by cereblon binding",
    reference: "Withdrawn by Chemie Grünenthal, Nov 1961; McBride, Lancet 1961;2:1358; Ito et al., Science 2010;327:1345" },
  { name: "benoxaprofen", smiles: "CC(C(=O)O)c1ccc2oc(nc2c1)-c1ccc(Cl)cc1", failure_class: "SAFETY", target: null, year: 1982,
    reason: `Cholestatic jaundice with fatal hepatorenal failure in the elderly, phototoxicity (${COX_NONSELECTIVE})`, reference: "Opren/Oraflex withdrawn by Eli Lilly, Aug 1982" },
  { name: "zomepirac", smiles: "Cc1cc(CC(=O)O)n(C)c1C(=O)c1ccc(Cl)cc1", failure_class: "SAFETY", target: null, year: 1983,
    reason: `Anaphylactic reactions (${COX_NONSELECTIVE})`, reference: "Zomax withdrawn by McNeil, Mar 1983" },
  { name: "bromfenac", smiles: "Nc1c(CC(=O)O)cccc1C(=O)c1ccc(Br)cc1", failure_class: "SAFETY", target: null, year: 1998,
    reason: `Severe hepatotoxicity and liver failure with use beyond 10 days (${COX_NONSELECTIVE})`, reference: "Duract withdrawn, 22 Jun 1998 (FDA)" },
  { name: "suprofen", smiles: "CC(C(=O)O)c1ccc(cc1)C(=O)c1cccs1", failure_class: "SAFETY", target: null, year: 1987,
    reason: `Acute flank pain and renal failure (${COX_NONSELECTIVE})`, reference: "Suprol withdrawn from the US market, 1987" },
  { name: "trovafloxacin", smiles: "N[C@@H]1[C@H]2CN(C[C@@H]12)c1nc2n(cc(C(=O)O)c(=O)c2cc1F)-c1ccc(F)cc1F", failure_class: "SAFETY", target: null, year: 1999,
    reason: "Hepatotoxicity (acute liver failure; antibacterial)", reference: "FDA public health advisory restricting Trovan, 9 Jun 1999; withdrawn in the EU 1999" },
  { name: "tolcapone", smiles: "Cc1ccc(cc1)C(=O)c1cc(O)c(O)c(c1)[N+](=O)[O-]", failure_class: "SAFETY", target: COMT, year: 1998,
    reason: "Hepatotoxicity (fulminant liver failure)", reference: "Tasmar suspended in the EU, Nov 1998 (reinstated 2004 with liver monitoring)" },
  { name: "nefazodone", smiles: "CCc1nn(CCCN2CCN(CC2)c2cccc(Cl)c2)c(=O)n1CCOc1ccccc1", failure_class: "SAFETY", target: HTR2A, year: 2004,
    reason: "Hepatotoxicity (liver failure)", reference: "Serzone withdrawn in Europe 2003 and by Bristol-Myers Squibb in the US, 2004" },
  { name: "pemoline", smiles: "NC1=NC(=O)C(O1)c1ccccc1", failure_class: "SAFETY", target: null, year: 2005,
    reason: "Hepatic failure", reference: "Cylert: FDA alert and end of US sales, Oct 2005" },
  { name: "ximelagatran", smiles: "CCOC(=O)CN[C@H](C1CCCCC1)C(=O)N1CC[C@H]1C(=O)NCc1ccc(cc1)C(=N)NO", failure_class: "SAFETY", target: F2, year: 2006,
    reason: "Hepatotoxicity (liver enzyme elevations and liver injury)", reference: "Exanta withdrawn by AstraZeneca, 14 Feb 2006" },
  { name: "tegaserod", smiles: "CCCCCNC(=N)N/N=C/c1c[nH]c2ccc(OC)cc12", failure_class: "SAFETY", target: HTR4, year: 2007,
    reason: "Ischaemic cardiovascular events (heart attack, stroke, unstable angina)", reference: "Zelnorm: FDA request to suspend marketing, 30 Mar 2007" },
  { name: "dextropropoxyphene", smiles: "CCC(=O)O[C@](Cc1ccccc1)(c1ccccc1)[C@H](C)CN(C)C", failure_class: "SAFETY", target: OPRM1, liabilities: [SCN5A, KCNH2], year: 2010,
    reason: "Cardiotoxicity (QT prolongation, arrhythmia) at therapeutic doses and overdose deaths", reference: "FDA request to withdraw Darvon and Darvocet, 19 Nov 2010; EMA 2009" },
  { name: "mibefradil", smiles: "COCC(=O)O[C@]1(CCN(C)CCCc2nc3ccccc3[nH]2)CCc2cc(F)ccc2[C@@H]1C(C)C", failure_class: "PK", target: CACNA1H, year: 1998,
    reason: "Pharmacokinetic drug-drug interactions: strong CYP3A4 inhibition raised the exposure of many co-prescribed drugs to dangerous levels",
    reference: "Posicor withdrawn by Roche, 8 Jun 1998" },
  { name: "phenformin", smiles: "NC(N)=NC(=N)NCCc1ccccc1", failure_class: "SAFETY", target: null, year: 1977,
    reason: "Lactic acidosis (severe metabolic acidosis), often fatal", reference: "US suspension as an imminent hazard, 1977" },
  { name: "encainide", smiles: "COc1ccc(cc1)C(=O)Nc1ccccc1CCC1CCCCN1C", failure_class: "SAFETY", target: SCN5A, year: 1991,
    reason: "Excess mortality from proarrhythmia after myocardial infarction (CAST)", reference: "Enkaid withdrawn 1991; CAST Investigators, N Engl J Med 1989;321:406" },
  { name: "practolol", smiles: "CC(C)NCC(O)COc1ccc(NC(C)=O)cc1", failure_class: "SAFETY", target: ADRB1, year: 1976,
    reason: "Oculomucocutaneous syndrome (skin, eye and serosal damage)", reference: "Eraldin withdrawn by ICI, 1975-76; Wright, Br Med J 1975;1:595" },
  { name: "nomifensine", smiles: "CN1Cc2c(N)cccc2C(C1)c1ccccc1", failure_class: "SAFETY", target: SLC6A2, year: 1986,
    reason: "Immune haemolytic anaemia, sometimes fatal", reference: "Merital withdrawn by Hoechst, Jan 1986" },
  { name: "alosetron", smiles: "Cc1[nH]cnc1CN1CCc2c(C1=O)c1ccccc1n2C", failure_class: "SAFETY", target: HTR3A, year: 2000,
    reason: "Ischaemic colitis and serious complications of constipation", reference: "Lotronex withdrawn, 28 Nov 2000 (reintroduced 2002 with restrictions)" },
  { name: "temafloxacin", smiles: "CC1CN(CCN1)c1cc2c(cc1F)c(=O)c(C(=O)O)cn2-c1ccc(F)cc1F", failure_class: "SAFETY", target: null, year: 1992,
    reason: "Immune haemolytic anaemia with renal failure (antibacterial)", reference: "Omniflox withdrawn by Abbott, Jun 1992" },
  { name: "gatifloxacin", smiles: "COc1c(N2CCNC(C)C2)c(F)cc2c(=O)c(C(=O)O)cn(C3CC3)c12", failure_class: "SAFETY", target: null, year: 2006,
    reason: "Dysglycaemia (hypo- and hyperglycaemia; antibacterial)", reference: "Tequin withdrawn by Bristol-Myers Squibb, 2006" },
  { name: "ritonavir", smiles: "CC(C)[C@H](NC(=O)N(C)Cc1csc(n1)C(C)C)C(=O)N[C@H](C[C@H](O)[C@H](Cc1ccccc1)NC(=O)OCc1cncs1)Cc1ccccc1",
    failure_class: "SOLUBILITY", target: null, year: 1998,
    reason: "A new, far less soluble crystal form (form II) precipitated in the semi-solid capsules, which had to be withdrawn and reformulated (HIV protease inhibitor)",
    reference: "Norvir capsules withdrawn 1998; Bauer et al., Pharm Res 2001;18:859" },
  { name: "torcetrapib", smiles: "CCOC(=O)N1c2ccc(cc2[C@H](C[C@H]1CC)N(Cc1cc(cc(c1)C(F)(F)F)C(F)(F)F)C(=O)OC)C(F)(F)F", failure_class: "SAFETY", target: CETP, year: 2006,
    reason: "Increased mortality and cardiovascular events in ILLUMINATE, with off-target blood-pressure and aldosterone increases",
    reference: "ILLUMINATE stopped 2 Dec 2006; Barter et al., N Engl J Med 2007;357:2109" },
  { name: "dalcetrapib", smiles: "CCC(CC)CC1(CCCCC1)C(=O)Nc1ccccc1SC(=O)C(C)C", failure_class: "EFFICACY", target: CETP, year: 2012,
    reason: "No clinical benefit: raised HDL cholesterol without reducing cardiovascular events (dal-OUTCOMES stopped for futility)",
    reference: "Schwartz et al., N Engl J Med 2012;367:2089 (dal-OUTCOMES)" },
  { name: "tarenflurbil", smiles: "C[C@@H](C(=O)O)c1ccc(-c2ccccc2)c(F)c1", failure_class: "EFFICACY", target: PSEN1, year: 2008,
    reason: "No benefit on cognition or daily function in mild Alzheimer's disease (phase 3; gamma-secretase modulator)",
    reference: "Green et al., JAMA 2009;302:2557" },
  { name: "iniparib", smiles: "NC(=O)c1ccc(I)c(c1)[N+](=O)[O-]", failure_class: "BINDING", target: PARP1, year: 2011,
    reason: "Developed as a PARP1 inhibitor, failed phase 3 in triple-negative breast cancer; later shown not to inhibit PARP at relevant concentrations (it modifies cysteines non-selectively)",
    reference: "Liu et al., Clin Cancer Res 2012;18:510" },
];

/** The demo set as candidates for `prepareRecords`: gold tier (documented reason and public reference), source "demo". */
export function demoCandidates(): NegatomeCandidate[] {
  return DEMO_SET.map((compound) => {
    const { categories } = classifyWithdrawalReason(compound.reason);
    return {
      line: null,
      smiles: compound.smiles,
      failure_class: compound.failure_class,
      target_uniprot_id: compound.target,
      source: "demo",
      score: null,
      reason: compound.reason,
      evidence: {
        dataset: "Sieve demo set (written from public facts; demonstration data)",
        licence: "Written by the Sieve team from public facts; free to use.",
        source_ids: { demo_name: compound.name },
        compound_name: compound.name,
        reference: compound.reference,
        year: compound.year,
        ...(compound.failure_class === "SAFETY" ? { safety_categories: categories } : {}),
        ...(compound.liabilities ? { liability_uniprot_ids: compound.liabilities } : {}),
      },
      confidence_tier: "gold",
    };
  });
}
