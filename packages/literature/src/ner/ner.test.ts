import { describe, expect, it } from "vitest";
import { parsePubTator } from "../pubtator";
import type { ReferenceData } from "../reference/load";
import { findAbbreviations } from "./abbreviations";
import { buildDictionary } from "./build";
import { addConcept, addName, conceptNameKeys, createDictionary } from "./dictionary";
import { tagMentions } from "./tag-document";
import { isSymbolLike, nameKey } from "./tokens";

const reference: Pick<ReferenceData, "genes" | "diseases" | "drugs"> = {
  genes: [
    {
      hgnc_id: "HGNC:1516",
      symbol: "CAT",
      name: null,
      aliases: [],
      previous_symbols: [],
      ncbigene: "847",
      ensembl: null,
      uniprot: ["P04040"],
    },
    {
      hgnc_id: "HGNC:2910",
      symbol: "DLL4",
      name: null,
      aliases: [],
      previous_symbols: [],
      ncbigene: "54567",
      ensembl: null,
      uniprot: [],
    },
    {
      hgnc_id: "HGNC:9046",
      symbol: "PLAGL2",
      name: null,
      aliases: [],
      previous_symbols: [],
      ncbigene: "5326",
      ensembl: null,
      uniprot: [],
    },
    {
      hgnc_id: "HGNC:11892",
      symbol: "TNF",
      name: "tumor necrosis factor",
      aliases: [],
      previous_symbols: [],
      ncbigene: "7124",
      ensembl: null,
      uniprot: ["P01375"],
    },
  ],
  diseases: [
    {
      id: "DOID:6000",
      name: "heart failure",
      synonyms: [{ text: "congestive heart failure", scope: "EXACT" }],
      xrefs: ["MSH:D006333"],
      mesh: "D006333",
      is_a: [],
      alt_ids: [],
    },
    {
      id: "DOID:10652",
      name: "Alzheimer's disease",
      synonyms: [],
      xrefs: ["MSH:D000544"],
      mesh: "D000544",
      is_a: [],
      alt_ids: [],
    },
    {
      id: "DOID:9952",
      name: "acute lymphoblastic leukemia",
      synonyms: [{ text: "ALL", scope: "EXACT" }],
      xrefs: ["MSH:D054198"],
      mesh: "D054198",
      is_a: [],
      alt_ids: [],
    },
    {
      id: "DOID:1826",
      name: "epilepsy",
      synonyms: [
        { text: "seizure disorder", scope: "EXACT" },
        { text: "seizure", scope: "RELATED" },
      ],
      xrefs: ["MSH:D004827"],
      mesh: "D004827",
      is_a: [],
      alt_ids: [],
    },
  ],
  drugs: [{ drugcentral_id: "1", name: "lidocaine", synonyms: [], mesh: "D008012", chembl: "CHEMBL79", smiles: null }],
};
const dict = buildDictionary(reference);
const tag = (text: string) => tagMentions(text, dict).map((m) => [m.text, m.type, m.id]);

/** A Disease Ontology term with its MeSH cross-reference, for a small test dictionary. */
function term(id: string, name: string, mesh: string) {
  return { id, name, synonyms: [], xrefs: [`MSH:${mesh}`], mesh, is_a: [], alt_ids: [] };
}

describe("dictionary tagging", () => {
  it("matches gene symbols with their exact case only: CAT the enzyme, not cat the animal", () => {
    expect(tag("The cat had a high CAT activity. Cat owners agreed.")).toEqual([["CAT", "gene", "HGNC:1516"]]);
  });

  it("accepts title-case mouse symbols for symbols with a digit (Dll4), never for CAT", () => {
    expect(tag("Dll4 and Cat were studied.")).toEqual([["Dll4", "gene", "HGNC:2910"]]);
  });

  it("prefers the longest match and folds case, plurals, hyphens and possessives", () => {
    expect(tag("Congestive heart failure and Alzheimer disease; seizures after lidocaine-induced arrest.")).toEqual([
      ["Congestive heart failure", "disease", "DOID:6000"],
      ["Alzheimer disease", "disease", "DOID:10652"],
      ["seizures", "disease", "DOID:1826"],
      ["lidocaine", "chemical", "MESH:D008012"],
    ]);
  });

  it("carries MeSH and NCBI Gene cross-references on mentions", () => {
    const [cat] = tagMentions("CAT", dict);
    expect(cat!.xrefs).toMatchObject({ ncbigene: "847", uniprot: "P04040", hgnc: "HGNC:1516" });
    const [hf] = tagMentions("heart failure", dict);
    expect(hf!.xrefs).toEqual({ doid: "DOID:6000", mesh: "D006333" });
  });

  it("never matches inside a longer word", () => {
    expect(tag("TNFR1 and CATalase and lidocaines2")).toEqual([]);
  });
});

describe("coordinated gene names", () => {
  const gene = (symbol: string, ncbigene: string) => ({
    hgnc_id: `HGNC:${ncbigene}`,
    symbol,
    name: null,
    aliases: [],
    previous_symbols: [],
    ncbigene,
    ensembl: null,
    uniprot: [],
  });
  const genes = [
    gene("CASP3", "836"),
    gene("CASP7", "840"),
    gene("MMP2", "4313"),
    gene("MMP9", "4318"),
    gene("MSH2", "4436"),
    gene("MSH3", "4437"),
    gene("FGF2", "2247"),
    gene("FGF4", "2249"),
  ];
  const coordinated = buildDictionary({ genes, diseases: [], drugs: [] });
  const spans = (text: string) => tagMentions(text, coordinated).map((m) => [m.text, m.xrefs.ncbigene]);

  it("gives every gene of a coordination a mention over the whole of it", () => {
    expect(spans("CASP3/7 activity and MMP-2/-9 levels rose")).toEqual([
      ["CASP3/7", "836"],
      ["CASP3/7", "840"],
      ["MMP-2/-9", "4313"],
      ["MMP-2/-9", "4318"],
    ]);
    expect(spans("FGF-2 and -4 were added")).toEqual([
      ["FGF-2 and -4", "2247"],
      ["FGF-2 and -4", "2249"],
    ]);
  });

  it("leaves a name alone when a number after it names no gene, or reads as a count", () => {
    expect(spans("FGF-2 and 3 were added")).toEqual([["FGF-2", "2247"]]);
    expect(spans("MLH1, MSH2, and 3 other genes")).toEqual([["MSH2", "4436"]]);
  });
});

describe("NCBI Gene names", () => {
  const hgnc = (symbol: string, ncbigene: string) => ({
    hgnc_id: `HGNC:${ncbigene}`,
    symbol,
    name: null,
    aliases: [],
    previous_symbols: [],
    ncbigene,
    ensembl: null,
    uniprot: [],
  });
  const ncbi = (taxon: string, ncbigene: string, symbol: string, synonyms: string[], name: string | null = null) => ({
    taxon,
    ncbigene,
    symbol,
    synonyms,
    name,
    other_designations: [],
  });
  const d = buildDictionary({
    genes: [
      hgnc("SQSTM1", "8878"),
      hgnc("STAT3", "6774"),
      hgnc("TCF7L2", "6934"),
      hgnc("TCF4", "6925"),
      hgnc("NFKB1", "4790"),
      hgnc("CD40", "958"),
    ],
    ncbiGenes: [
      ncbi("9606", "8878", "SQSTM1", ["p62", "OSIL"], "sequestosome 1"),
      ncbi("9606", "6934", "TCF7L2", ["TCF-4", "TCF4"]),
      ncbi("9606", "6925", "TCF4", ["ITF2"]),
      ncbi("9606", "4790", "NFKB1", ["p50", "KBF1"]),
      ncbi("9606", "958", "CD40", ["p50", "Bp50"]),
      ncbi("10090", "20848", "Stat3", ["Aprf"]),
    ],
    diseases: [],
    drugs: [],
  });
  const ncbigene = (text: string) => tagMentions(text, d).map((m) => [m.text, m.xrefs.ncbigene]);

  it("adds a human gene's synonyms and full name to its HGNC concept", () => {
    expect(ncbigene("Loss of p62 and sequestosome 1 in OSIL cells")).toEqual([
      ["p62", "8878"],
      ["sequestosome 1", "8878"],
      ["OSIL", "8878"],
    ]);
  });

  it("drops a synonym two genes share and one that is another gene's symbol", () => {
    expect(ncbigene("p50 bound KBF1")).toEqual([["KBF1", "4790"]]);
    expect(ncbigene("TCF4 and TCF-4")).toEqual([
      ["TCF4", "6925"],
      ["TCF-4", "6925"],
    ]);
  });

  it("gives a mouse gene its own id in mouse documents, also under the human symbol", () => {
    expect(ncbigene("Stat3 and STAT3 and Aprf in mice; the mouse liver.")).toEqual([
      ["Stat3", "20848"],
      ["STAT3", "20848"],
      ["Aprf", "20848"],
    ]);
    expect(ncbigene("STAT3 in patients and human cells.")).toEqual([["STAT3", "6774"]]);
  });
});

describe("abbreviations", () => {
  it("finds tumor necrosis factor (TNF) with Schwartz–Hearst long-form offsets", () => {
    const text = "Serum tumor necrosis factor (TNF) rose.";
    const [def] = findAbbreviations(text);
    expect(def).toMatchObject({ shortForm: "TNF", longForm: "tumor necrosis factor" });
    expect(text.slice(def!.longStart, def!.longEnd)).toBe("tumor necrosis factor");
    expect(text.slice(def!.shortStart, def!.shortEnd)).toBe("TNF");
  });

  it("finds the reverse pattern SF (long form) and rejects non-abbreviations", () => {
    expect(findAbbreviations("Levels of TNF (tumor necrosis factor) rose.")[0]).toMatchObject({
      shortForm: "TNF",
      longForm: "tumor necrosis factor",
    });
    expect(findAbbreviations("Doses (10 mg) and patients (n = 5) were given.")).toEqual([]);
  });

  it("propagates a defined short form through the document", () => {
    const text = "Patients with congestive heart failure (CHF) were seen. CHF worsened.";
    expect(tagMentions(text, dict).map((m) => [m.text, m.id, m.method])).toEqual([
      ["congestive heart failure", "DOID:6000", "dictionary"],
      ["CHF", "DOID:6000", "abbreviation"],
      ["CHF", "DOID:6000", "abbreviation"],
    ]);
  });

  it("tags the long form of a known short form, and drops a short form the author defined otherwise", () => {
    expect(tag("The pleomorphic adenoma gene-like 2 (PLAGL2) gene.")).toEqual([
      ["pleomorphic adenoma gene-like 2", "gene", "HGNC:9046"],
      ["PLAGL2", "gene", "HGNC:9046"],
    ]);
    expect(tag("The anterior lateral line (ALL) of fish. ALL neurons fired.")).toEqual([]);
  });

  it("keeps a gene symbol whose long form is the gene's name ending with a disease name", () => {
    // BioRED Train, PubMed 17185386: DISC1 is the gene (NCBI Gene 27185); before, the disease inside its name made
    // every DISC1 of the abstract a mention of schizophrenia, and the gene–disease pair was lost.
    const named = buildDictionary({
      genes: [
        {
          hgnc_id: "HGNC:2888",
          symbol: "DISC1",
          name: "DISC1 scaffold protein",
          aliases: [],
          previous_symbols: [],
          ncbigene: "27185",
          ensembl: null,
          uniprot: [],
        },
      ],
      diseases: [
        {
          id: "DOID:5419",
          name: "schizophrenia",
          synonyms: [{ text: "schizophrenia 1", scope: "EXACT" }], // as in HumanDO
          xrefs: ["MSH:D012559"],
          mesh: "D012559",
          is_a: [],
          alt_ids: [],
        },
      ],
      drugs: [],
    });
    const text =
      "We have previously reported a robust association between an allelic haplotype of 'Disrupted in " +
      "Schizophrenia 1' (DISC1) and schizophrenia in Finnish families. DISC1 variants were typed.";
    const mentions = tagMentions(text, named);
    expect(mentions.filter((m) => m.text === "DISC1").map((m) => [m.type, m.method])).toEqual([
      ["gene", "dictionary"],
      ["gene", "dictionary"],
    ]);
    expect(mentions.filter((m) => m.text === "schizophrenia").map((m) => m.xrefs.mesh)).toEqual(["D012559"]);
  });

  it("tags a mined two- or three-letter acronym only where the document defines it or names its entity", () => {
    const mined = createDictionary();
    const c = addConcept(mined, {
      type: "disease",
      id: "MESH:D008944",
      name: "mitral regurgitation",
      xrefs: { mesh: "D008944" },
    });
    addName(mined, c, "mitral regurgitation", "corpus", 5);
    addName(mined, c, "MR", "corpus", 9);
    const read = (text: string) => tagMentions(text, mined).map((m) => [m.text, m.xrefs.mesh]);
    // CDR Train, PubMed 12695819: magnetic resonance, no valve disease; before, both MRs were mitral regurgitation.
    expect(
      read(
        "MR imaging with quantitative diffusion mapping of tacrolimus-induced neurotoxicity. " +
          "Our objective was to investigate brain MR imaging findings.",
      ),
    ).toEqual([]);
    expect(read("Severe mitral regurgitation (MR) developed. MR resolved.")).toEqual([
      ["mitral regurgitation", "D008944"],
      ["MR", "D008944"],
      ["MR", "D008944"],
    ]);
    expect(read("Mitral regurgitation was seen on echo; MR was graded.")).toEqual([
      ["Mitral regurgitation", "D008944"],
      ["MR", "D008944"],
    ]);
  });

  it("never lets a short form stand for a broader disease than its long form", () => {
    const broad = buildDictionary({
      genes: [],
      diseases: [term("DOID:305", "carcinoma", "D002277"), term("DOID:0050754", "dyskinesia", "D004409")],
      drugs: [],
    });
    const read = (text: string) => tagMentions(text, broad).map((m) => [m.text, m.xrefs.mesh]);
    // BioRED Train, PubMed 27084744 (ACC annotated D003528, adenoid cystic carcinoma): before, every ACC was a
    // carcinoma in general.
    expect(
      read(
        "Although the existence of cancer stem cells (CSC) in adenoid cystic carcinoma (ACC) has been proposed, " +
          "lack of assays prevented their characterization. Our objective was to isolate CSC from ACC.",
      ),
    ).toEqual([["carcinoma", "D002277"]]);
    // CDR Train: a cause before the name is no narrower disease, LID is dyskinesia.
    expect(read("L-DOPA-induced dyskinesia (LID) is among the motor complications. LID was scored.")).toEqual([
      ["dyskinesia", "D004409"],
      ["LID", "D004409"],
      ["LID", "D004409"],
    ]);
  });

  it("reads no gene alias in a short form its document defines as a narrower disease", () => {
    const acronyms = buildDictionary({
      genes: [
        {
          hgnc_id: "HGNC:84",
          symbol: "ACACA",
          name: "acetyl-CoA carboxylase alpha",
          aliases: ["ACC"],
          previous_symbols: [],
          ncbigene: "31",
          ensembl: null,
          uniprot: [],
        },
      ],
      diseases: [term("DOID:305", "carcinoma", "D002277")],
      drugs: [],
    });
    const read = (text: string) => tagMentions(text, acronyms).map((m) => [m.text, m.type]);
    // BioRED Train, PubMed 27084744 (ACC annotated D003528, adenoid cystic carcinoma, and no gene): before, every ACC
    // was the gene ACACA, whose alias it is, and each paired with the abstract's diseases.
    expect(
      read(
        "Although the existence of cancer stem cells (CSC) in adenoid cystic carcinoma (ACC) has been proposed, " +
          "lack of assays prevented their characterization. Our objective was to isolate CSC from ACC.",
      ),
    ).toEqual([["carcinoma", "disease"]]);
    // Undefined, or defined as the enzyme, ACC stays the gene.
    expect(read("Acetyl-CoA carboxylase (ACC) activity fell. ACC was phosphorylated.")).toEqual([
      ["Acetyl-CoA carboxylase", "gene"],
      ["ACC", "gene"],
      ["ACC", "gene"],
    ]);
  });

  it("reads a gene alias the document defines as something other than a gene product as no gene", () => {
    const gene = (hgnc_id: string, symbol: string, name: string, aliases: string[], ncbigene: string) => ({
      hgnc_id,
      symbol,
      name,
      aliases,
      previous_symbols: [],
      ncbigene,
      ensembl: null,
      uniprot: [],
    });
    const aliases = buildDictionary({
      genes: [
        gene("HGNC:2859", "DHCR24", "24-dehydrocholesterol reductase", ["DCE"], "1718"),
        gene("HGNC:8583", "SERPINE1", "serpin family E member 1", ["PAI-1"], "5054"),
      ],
      diseases: [],
      drugs: [],
    });
    const read = (text: string) => tagMentions(text, aliases).map((m) => [m.text, m.xrefs.ncbigene]);
    // BioRED Train, PubMed 16755009 (DCE annotated as a chemical): before, the extract and every DCE were DHCR24.
    expect(
      read(
        "The ethanolic extract of Daucus carota seeds (DCE) was administered orally in three doses. " +
          "DCE reversed the amnesia.",
      ),
    ).toEqual([]);
    // BioRED Train, PubMed 21911891: a long form naming a gene product keeps the alias the gene.
    expect(read("The plasminogen activator inhibitor type-1 (PAI-1) has been implicated in fibrinolysis.")).toEqual([
      ["plasminogen activator inhibitor type-1", "5054"],
      ["PAI-1", "5054"],
    ]);
  });

  it("reads a mined short form the author defined as something else as neither entity", () => {
    // CDR and BioRED Train name rheumatoid arthritis "RA" and hypertension "HT"; these CDR dev sentences (PubMed
    // 3131282, 19370593) define the letters otherwise, and the long forms were tagged as those diseases.
    const mined = createDictionary();
    for (const [type, name, short, mesh] of [
      ["disease", "rheumatoid arthritis", "RA", "D001172"],
      ["disease", "hypertension", "HT", "D006973"],
      ["chemical", "valproic acid", "VPA", "D014635"],
      ["chemical", "lactic acid", "LA", "D019344"],
      ["disease", "coronary artery disease", "CAD", "D003324"],
    ] as const) {
      const c = addConcept(mined, { type, id: `MESH:${mesh}`, name, xrefs: { mesh } });
      addName(mined, c, name, "corpus", 5);
      addName(mined, c, short, "corpus", 3);
    }
    const tagMined = (text: string) => tagMentions(text, mined).map((m) => [m.text, m.id]);
    expect(
      tagMined("Effect of dietary retinyl acetate (RA) on tumour incidence. RA was given to rats for 12 weeks."),
    ).toEqual([]);
    expect(
      tagMined("Long-term oestrogen-only hormone therapy (HT) increased the risk of stroke. HT was stopped."),
    ).toEqual([]);
    // A shared generic word is not enough: the long form's head word decides ("lauric acid" is no lactic acid,
    // "coronary artery dissection" no coronary artery disease).
    expect(tagMined("Lauric acid (LA) was fed. LA raised HDL.")).toEqual([]);
    expect(tagMined("Spontaneous coronary artery dissection (CAD) is rare. CAD recurred.")).toEqual([]);
    // A long form that shares a word with the mined entity's names is that entity.
    expect(tagMined("A single dose of sodium valproate (VPA) was given.")).toEqual([
      ["valproate", "MESH:D014635"],
      ["VPA", "MESH:D014635"],
    ]);
  });
});

describe("a concept's names", () => {
  it("include a name added under an existing key after they were first read", () => {
    const d = createDictionary();
    const first = addConcept(d, { type: "disease", id: "MESH:D000001", name: "first", xrefs: {} });
    addName(d, first, "shared name", "corpus", 1);
    expect(conceptNameKeys(d, first)).toEqual(["shared name"]);
    const second = addConcept(d, { type: "disease", id: "MESH:D000002", name: "second", xrefs: {} });
    addName(d, second, "shared name", "corpus", 1);
    expect(conceptNameKeys(d, second)).toEqual(["shared name"]);
  });
});

describe("disease name variants", () => {
  it("finds a disease under the organ's other word: cardiac failure is heart failure", () => {
    // CDR dev, PubMed 6127992: the Disease Ontology says "heart failure"; CDR annotates this mention D006333.
    expect(
      tag(
        "Three patients with ischaemic heart disease developed profound cardiac failure, hypotension and bradycardia.",
      ),
    ).toEqual([["cardiac failure", "disease", "DOID:6000"]]);
  });

  it("reads a cancer as a neoplasm, never a tumour or a neoplasm as a cancer", () => {
    const cancers = buildDictionary({
      genes: [],
      diseases: [term("DOID:117", "heart cancer", "D006338"), term("DOID:3953", "adrenal gland cancer", "D000310")],
      drugs: [],
    });
    const read = (text: string) => tagMentions(text, cancers).map((m) => [m.text, m.id]);
    // Most cardiac tumours are benign myxomas: "heart tumor" must not become heart cancer.
    expect(read("Cardiac myxoma is the most common heart tumor.")).toEqual([]);
    expect(read("Adrenal gland tumors are mostly benign.")).toEqual([]);
    // MeSH files a cancer of the heart under Heart Neoplasms: the neoplasm reading stays.
    expect(read("A heart neoplasm was resected.")).toEqual([["heart neoplasm", "DOID:117"]]);
  });
});

describe("Roman numerals", () => {
  it("reads an upper-case Roman numeral as the number names also use", () => {
    const diabetes = buildDictionary({
      genes: [],
      diseases: [
        {
          id: "DOID:9352",
          name: "type 2 diabetes mellitus",
          synonyms: [{ text: "type 2 diabetes", scope: "EXACT" }],
          xrefs: ["MSH:D003924"],
          mesh: "D003924",
          is_a: [],
          alt_ids: [],
        },
      ],
      drugs: [],
    });
    // BioRED Train, PubMed 10491763 (annotated D003924): before, nothing was tagged.
    const text = "Mutations of the HNF-6 gene in 54 patients with late-onset Type II diabetes were sought.";
    expect(tagMentions(text, diabetes).map((m) => [m.text, m.xrefs.mesh])).toEqual([["Type II diabetes", "D003924"]]);
    expect(nameKey("type II diabetes")).toBe(nameKey("type 2 diabetes"));
    expect(nameKey("vi")).toBe("vi");
  });
});

describe("toxicity to an organ", () => {
  const organs = buildDictionary({
    genes: [],
    diseases: [
      term("DOID:5679", "retinal disease", "D012164"),
      term("DOID:850", "lung disease", "D008171"),
      term("DOID:0000000", "toxicity", "D064420"),
      term("DOID:700", "mitochondrial disease", "D028361"),
      term("DOID:630", "genetic disease", "D030342"),
    ],
    drugs: [],
  });
  const read = (text: string) => tagMentions(text, organs).map((m) => [m.text, m.xrefs.mesh]);

  it("reads toxicity to an organ as a disease of that organ, not as drug toxicity in general", () => {
    // CDR train, PubMed 9199746: annotated Retinal Diseases (D012164); before, only "toxicity" (D064420) was tagged.
    expect(read("We present a case of presumed amikacin retinal toxicity following treatment.")).toEqual([
      ["retinal toxicity", "D012164"],
    ]);
    // CDR train, PubMed 11334364: "pulmonary" and "lung" name the same organ (Lung Diseases, D008171).
    expect(read("amiodarone-induced lung toxicity and pulmonary toxicity")).toEqual([
      ["lung toxicity", "D008171"],
      ["pulmonary toxicity", "D008171"],
    ]);
    expect(read("Dose-limiting toxicity was neutropenia.")).toEqual([["toxicity", "D064420"]]);
  });

  it("reads it so only for organs: mitochondrial or genetic toxicity is no mitochondrial or genetic disease", () => {
    expect(read("Mitochondrial toxicity and genetic toxicity were assessed.")).toEqual([
      ["toxicity", "D064420"],
      ["toxicity", "D064420"],
    ]);
  });
});

describe("dictionary building from a training corpus", () => {
  const corpus = parsePubTator(
    [
      "1|t|Depression after reserpine.",
      "1|a|Respiratory depression and depression of activity; depression of reflexes.",
      "1\t0\t10\tDepression\tDisease\tD003866",
      "1\t17\t26\treserpine\tChemical\tD012110",
      "1\t28\t50\tRespiratory depression\tDisease\tD012131",
    ].join("\n"),
  );

  it("mines names with their MeSH ids and prunes names that are mostly not annotated", () => {
    const mined = buildDictionary(
      { genes: [], diseases: [], drugs: [] },
      { corpora: [{ documents: corpus, types: ["chemical", "disease"] }], prune: false },
    );
    expect(tagMentions("reserpine", mined)[0]).toMatchObject({
      type: "chemical",
      id: "MESH:D012110",
      xrefs: { mesh: "D012110" },
    });
    const pruned = buildDictionary(
      { genes: [], diseases: [], drugs: [] },
      { corpora: [{ documents: corpus, types: ["chemical", "disease"] }] },
    );
    // "depression" matches three times in the corpus and is annotated once: precision 1/3 ≥ 0.3 keeps it; at 0.5 it
    // goes.
    expect(tagMentions("depression", pruned)).toHaveLength(1);
    const strict = buildDictionary(
      { genes: [], diseases: [], drugs: [] },
      { corpora: [{ documents: corpus, types: ["chemical", "disease"] }], prune: { minPrecision: 0.5 } },
    );
    expect(tagMentions("depression", strict)).toHaveLength(0);
    expect(tagMentions("respiratory depression", strict)[0]!.id).toBe("MESH:D012131");
  });

  it("reads a composite corpus name as a mention of each of its MeSH ids, at the same span", () => {
    // CDR 2670794: one span, two headings; the relation is annotated for each.
    const composite = parsePubTator(
      [
        "2670794|t|Pulmonary and renal insufficiency after ifosfamide.",
        "2670794|a|Ifosfamide-induced hemorrhagic cystitis (HC).",
        "2670794\t0\t33\tPulmonary and renal insufficiency\tDisease\tD011665|D051437\tpulmonary insufficiency|renal insufficiency",
        "2670794\t71\t91\themorrhagic cystitis\tDisease\tD006470|D003556\themorrhagic|cystitis",
      ].join("\n"),
    );
    const dict = buildDictionary(
      { genes: [], diseases: [], drugs: [] },
      { corpora: [{ documents: composite, types: ["chemical", "disease"] }], prune: false },
    );
    const text = "Severe hemorrhagic cystitis (HC) and pulmonary and renal insufficiency; HC recurred.";
    const read = tagMentions(text, dict).map((m) => [m.text, m.xrefs.mesh, m.name]);
    expect(read).toEqual([
      ["hemorrhagic cystitis", "D006470", "hemorrhagic"],
      ["hemorrhagic cystitis", "D003556", "cystitis"],
      ["HC", "D006470", "hemorrhagic"],
      ["HC", "D003556", "cystitis"],
      ["pulmonary and renal insufficiency", "D011665", "pulmonary insufficiency"],
      ["pulmonary and renal insufficiency", "D051437", "renal insufficiency"],
      ["HC", "D006470", "hemorrhagic"],
      ["HC", "D003556", "cystitis"],
    ]);
  });

  it("gives a corpus disease name to the ontology term it names, not to the term carrying its MeSH id", () => {
    // As in HumanDO: MeSH "Lung Neoplasms" is cross-referenced on the benign term only; lung cancer has no MeSH id.
    const term = (id: string, name: string, mesh: string | null, synonyms: string[] = []) => ({
      id,
      name,
      synonyms: synonyms.map((text) => ({ text, scope: "EXACT" as const })),
      xrefs: mesh ? [`MSH:${mesh}`] : [],
      mesh,
      is_a: [],
      alt_ids: [],
    });
    const lungDoc = parsePubTator(
      [
        "7|t|Lung cancer and lung tumors.",
        "7|a|Smokers.",
        "7\t0\t11\tLung cancer\tDisease\tD008175",
        "7\t16\t27\tlung tumors\tDisease\tD008175",
      ].join("\n"),
    );
    const d = buildDictionary(
      {
        genes: [],
        diseases: [
          term("DOID:1324", "lung cancer", null),
          term("DOID:3683", "lung benign neoplasm", "D008175", ["tumor of the lung"]),
        ],
        drugs: [],
      },
      { corpora: [{ documents: lungDoc, types: ["disease"] }], prune: false },
    );
    expect(tagMentions("lung cancer", d)[0]).toMatchObject({
      id: "DOID:1324",
      xrefs: { doid: "DOID:1324", mesh: "D008175" },
    });
    // A name the ontology does not give to a term still follows the MeSH cross-reference.
    expect(tagMentions("lung tumors", d)[0]).toMatchObject({ id: "DOID:3683" });
  });

  it("keeps a corpus disease apart from an ontology term that carries its MeSH id but shares none of its words", () => {
    // As in HumanDO: MeSH "Seizures" (D012640) is cross-referenced on "visual epilepsy" alone.
    const seizureDoc = parsePubTator(
      [
        "8|t|Seizures after lidocaine.",
        "8|a|Convulsions resolved.",
        "8\t0\t8\tSeizures\tDisease\tD012640",
        "8\t26\t37\tConvulsions\tDisease\tD012640",
      ].join("\n"),
    );
    const d = buildDictionary(
      {
        genes: [],
        diseases: [
          {
            id: "DOID:11832",
            name: "visual epilepsy",
            synonyms: [{ text: "epilepsy, visual", scope: "EXACT" as const }],
            xrefs: ["MSH:D012640"],
            mesh: "D012640",
            is_a: [],
            alt_ids: [],
          },
        ],
        drugs: [],
      },
      { corpora: [{ documents: seizureDoc, types: ["disease"] }], prune: false },
    );
    expect(tagMentions("seizures", d)[0]).toMatchObject({ id: "MESH:D012640", name: "Seizures" });
    expect(tagMentions("visual epilepsy", d)[0]).toMatchObject({ id: "DOID:11832" });
  });

  it("keeps a corpus disease apart from an ontology term that only qualifies it (CDR Train 12905102, HumanDO)", () => {
    // HumanDO cross-references MeSH Delirium (D003693) on "subacute delirium" alone; CDR calls it "delirium".
    const deliriumDoc = parsePubTator(
      [
        "12905102|t|Delirium during clozapine treatment: incidence and associated risk factors.",
        "12905102|a|Delirium was common.",
        "12905102\t0\t8\tDelirium\tDisease\tD003693",
        "12905102\t76\t84\tDelirium\tDisease\tD003693",
      ].join("\n"),
    );
    const d = buildDictionary(
      {
        genes: [],
        diseases: [
          {
            id: "DOID:8645",
            name: "subacute delirium",
            synonyms: [{ text: "Subacute delirium (disorder)", scope: "EXACT" as const }],
            xrefs: ["MSH:D003693"],
            mesh: "D003693",
            is_a: [],
            alt_ids: [],
          },
        ],
        drugs: [],
      },
      { corpora: [{ documents: deliriumDoc, types: ["disease"] }], prune: false },
    );
    expect(tagMentions("Haloperidol was given to treat delirium.", d)[0]).toMatchObject({
      id: "MESH:D003693",
      name: "Delirium",
      xrefs: { mesh: "D003693" },
    });
    expect(tagMentions("subacute delirium", d)[0]).toMatchObject({ id: "DOID:8645", name: "subacute delirium" });
  });

  it("links a mined mouse gene to its human ortholog by symbol, each organism keeping its own id", () => {
    const stat3 = {
      hgnc_id: "HGNC:11364",
      symbol: "STAT3",
      name: null,
      aliases: [],
      previous_symbols: [],
      ncbigene: "6774",
      ensembl: null,
      uniprot: [],
    };
    const mouseDoc = parsePubTator(
      [
        "3|t|Stat3 in mice.",
        "3|a|Mice lacking Stat3 in mouse liver.",
        "3\t0\t5\tStat3\tGeneOrGeneProduct\t20848",
        "3\t29\t34\tStat3\tGeneOrGeneProduct\t20848",
      ].join("\n"),
    );
    const d = buildDictionary(
      { genes: [stat3], diseases: [], drugs: [] },
      { corpora: [{ documents: mouseDoc, types: ["gene"] }], prune: false },
    );
    const ncbigene = (text: string) => tagMentions(text, d).map((m) => m.xrefs.ncbigene);
    expect(ncbigene("Stat3 was raised in mice and in mouse cells.")).toEqual(["20848"]);
    expect(ncbigene("STAT3 was raised in mice and in mouse cells.")).toEqual(["20848"]);
    expect(ncbigene("Stat3 was raised in patients and in human cells.")).toEqual(["6774"]);
    expect(ncbigene("STAT3 was raised in patients and in human cells.")).toEqual(["6774"]);
  });

  it("attaches a mined disease name to the Disease Ontology term with the same MeSH id", () => {
    const docs = parsePubTator(
      ["2|t|Cardiac failure.", "2|a|", "2\t0\t15\tCardiac failure\tDisease\tD006333"].join("\n"),
    );
    const d = buildDictionary(reference, { corpora: [{ documents: docs, types: ["disease"] }] });
    expect(tagMentions("cardiac failure", d)[0]).toMatchObject({ id: "DOID:6000", xrefs: { mesh: "D006333" } });
  });
});

describe("tokens and case rules", () => {
  it("keys ignore case, hyphens, possessives and plural -s", () => {
    expect(nameKey("Drug-induced Seizures")).toBe(nameKey("drug induced seizure"));
    expect(nameKey("Crohn's disease")).toBe(nameKey("Crohn disease"));
    expect(nameKey("IL-6")).toBe(nameKey("IL6"));
    expect(nameKey("TNF-α")).toBe(nameKey("TNF alpha"));
  });

  it("treats short or multi-capital single words as symbols", () => {
    expect([
      isSymbolLike("CAT"),
      isSymbolLike("iron"),
      isSymbolLike("HNF-6"),
      isSymbolLike("lidocaine"),
      isSymbolLike("heart failure"),
    ]).toEqual([true, true, true, false, false]);
  });

  it("keeps a concept's first xrefs when it is added again", () => {
    const d = createDictionary();
    const a = addConcept(d, { type: "chemical", id: "MESH:D1", name: "x", xrefs: { mesh: "D1" } });
    const b = addConcept(d, { type: "chemical", id: "MESH:D1", name: "y", xrefs: { mesh: "D9", chembl: "CHEMBL1" } });
    addName(d, a, "xylol", "corpus", 3);
    expect(a).toBe(b);
    expect(d.concepts[a]!.xrefs).toEqual({ mesh: "D1", chembl: "CHEMBL1" });
  });
});

describe("one drug under two MeSH versions", () => {
  it("names a drug by the older MeSH id when a newer corpus uses the descriptor MeSH created later", () => {
    // CDR Train annotates sorafenib with its supplementary record C471405, BioRED Train with D000077157 (MeSH 2019);
    // CDR dev (PubMed 19944333) expects C471405, and the BioRED names had taken it over.
    const cdr = parsePubTator(["1|t|Sorafenib rash.", "1|a|", "1\t0\t9\tSorafenib\tChemical\tC471405"].join("\n"));
    // BioRED uses the name more often, so its id would win the name.
    const biored = parsePubTator(
      [
        "2|t|First sorafenib, then sorafenib.",
        "2|a|",
        "2\t6\t15\tsorafenib\tChemicalEntity\tD000077157",
        "2\t22\t31\tsorafenib\tChemicalEntity\tD000077157",
      ].join("\n"),
    );
    const mined = buildDictionary(
      { genes: [], diseases: [], drugs: [] },
      {
        corpora: [
          { documents: cdr, types: ["chemical", "disease"] },
          { documents: biored, types: ["gene", "chemical", "disease"] },
        ],
        prune: false,
      },
    );
    expect(
      tagMentions("Sorafenib-induced acute myocardial infarction due to coronary artery spasm.", mined).map((m) => [
        m.text,
        m.xrefs.mesh,
      ]),
    ).toEqual([["Sorafenib", "C471405"]]);
  });
});
