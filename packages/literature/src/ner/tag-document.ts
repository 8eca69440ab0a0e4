import { splitSentences } from "../sentences";
import type { Mention, Sentence } from "../types";
import { findAbbreviations, type AbbreviationDefinition } from "./abbreviations";
import { expandCoordinations } from "./coordination";
import { conceptNameKeys, type Dictionary } from "./dictionary";
import { dominantSpecies } from "./species";
import { matchDictionary, type DictionaryMatch } from "./tagger";
import { nameKey, type Token } from "./tokens";

/**
 * Named-entity mentions of one document: dictionary matches (less the mined short acronyms the document never
 * defines, `withoutUndefinedAcronyms`), then abbreviations resolved within the
 * document ("one sense per discourse", as the abbreviation post-processing of tmChem and TaggerOne):
 *  - long form ends with a tagged entity: every occurrence of the short form in the document becomes
 *    a mention of that entity, replacing any other match there, unless the short form is a gene's official symbol and
 *    the long form only ends with a disease name ("Disrupted in Schizophrenia 1 (DISC1)" stays the gene), or the
 *    words before the disease name make the long form a narrower disease ("adenoid cystic carcinoma (ACC)" is no
 *    carcinoma in general; `namesNarrowerDisease`), when no gene alias the short form spells is meant either;
 *  - long form untagged but the short form itself matched: the long form becomes a mention of the
 *    short form's entity ("pleomorphic adenoma gene-like 2 (PLAGL2)") when the short form is a gene's
 *    official symbol, a gene alias whose long form names a gene product or shares a word with the gene's names
 *    ("plasminogen activator inhibitor type-1 (PAI-1)"), or a name mined from a training corpus whose entity shares
 *    a word with the long form ("valproate (VPA)");
 *  - otherwise the dictionary matches of the short form are dropped (of a gene alias, its gene matches), as the
 *    author defined the letters as something else: "retinyl acetate (RA)" is no rheumatoid arthritis,
 *    "hormone therapy (HT)" no hypertension, "elevated plus maze (EPM)" no syntaxin 2.
 */
export function tagMentions(
  text: string,
  dict: Dictionary,
  sentences: Sentence[] = splitSentences(text),
  tokens?: Token[],
): Mention[] {
  const species = dominantSpecies(text);
  const definitions = findAbbreviations(text, sentences);
  const matches = withoutUndefinedAcronyms(
    text,
    dict,
    expandCoordinations(text, dict, matchDictionary(text, dict, tokens, species), species),
    definitions,
  );
  if (definitions.length === 0) return matches.flatMap((m) => toMentions(text, dict, m, "dictionary"));

  const added: { match: DictionaryMatch; method: Mention["method"] }[] = [];
  const dropped = new Set<string>();
  const droppedGenes = new Set<string>();
  for (const def of definitions) {
    const source =
      matches.find((m) => m.end === def.longEnd && m.start >= def.longStart) ??
      matches.find((m) => m.start >= def.longStart && m.end <= def.longEnd && m.end >= def.longEnd - 1);
    const own = matches.find((m) => m.start === def.shortStart && m.end === def.shortEnd);
    if (source && namesGeneAfterDisease(dict, def, source, own)) continue;
    if (source && namesNarrowerDisease(text, dict, def, source)) {
      // The letters stand for that disease, so no gene alias they spell is meant: "desmin-related myopathy (DRM)" is
      // no GREM1 (alias DRM), "giant cell tumor (GCT)" no QPCT.
      if (own && dict.concepts[own.concept]!.type === "gene") droppedGenes.add(def.shortForm);
      continue;
    }
    if (source) {
      for (const at of occurrences(text, def.shortForm))
        added.push({ match: { ...source, start: at, end: at + def.shortForm.length }, method: "abbreviation" });
      continue;
    }
    if (!own) continue;
    const ownConcept = dict.concepts[own.concept]!;
    const longFormNamesOwn = sharesWord(def.longForm, conceptNameKeys(dict, own.concept));
    if (ownConcept.type === "gene") {
      // A gene's official symbol, a long form sharing a word with the gene's names or naming a gene product defines
      // the gene; an alias defined as anything else is not it: "Daucus carota seeds (DCE)" is no DHCR24, "elevated
      // plus maze (EPM)" no syntaxin 2.
      if (nameKey(ownConcept.name) === nameKey(def.shortForm) || longFormNamesOwn || namesGeneProduct(def.longForm))
        added.push({ match: { ...own, start: def.longStart, end: def.longEnd }, method: "abbreviation" });
      else droppedGenes.add(def.shortForm);
    } else if (own.entry.source === "corpus" && longFormNamesOwn) {
      added.push({ match: { ...own, start: def.longStart, end: def.longEnd }, method: "abbreviation" });
    } else dropped.add(def.shortForm);
  }
  const taken: typeof added = [];
  for (const a of added.sort((x, y) => x.match.start - y.match.start))
    if (!taken.some((t) => overlaps(t.match, a.match))) taken.push(a);
  const kept = matches.filter((m) => {
    const surface = text.slice(m.start, m.end);
    if (dropped.has(surface) || taken.some((t) => overlaps(t.match, m))) return false;
    return !(droppedGenes.has(surface) && dict.concepts[m.concept]!.type === "gene");
  });
  const mentions = [
    ...kept.flatMap((m) => toMentions(text, dict, m, "dictionary")),
    ...taken.flatMap((t) => toMentions(text, dict, t.match, t.method)),
  ];
  return mentions.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** An acronym of two or three capitals ("MR", "SE", "PAN"): most of them stand for many things. */
const SHORT_ACRONYM = /^[A-Z]{2,3}$/;

/**
 * Drops disease and chemical matches of a short acronym (`SHORT_ACRONYM`) learnt from a training corpus when the
 * document neither defines it nor names its entity otherwise: "MR" is mitral regurgitation in a cardiology abstract
 * that says so, magnetic resonance in "MR imaging"; "SE" is status epilepticus or a standard error. Reference names
 * (HGNC symbols, the Disease Ontology's own acronyms) are kept.
 */
function withoutUndefinedAcronyms(
  text: string,
  dict: Dictionary,
  matches: DictionaryMatch[],
  definitions: AbbreviationDefinition[],
): DictionaryMatch[] {
  const defined = new Set(definitions.map((d) => d.shortForm));
  return matches.filter((m) => {
    const surface = text.slice(m.start, m.end);
    if (m.entry.source !== "corpus" || dict.concepts[m.concept]!.type === "gene" || !SHORT_ACRONYM.test(surface))
      return true;
    return (
      defined.has(surface) ||
      matches.some((o) => o.concept === m.concept && !SHORT_ACRONYM.test(text.slice(o.start, o.end)))
    );
  });
}

/**
 * True when the long form is a disease name with words before it that make it a narrower disease the dictionary does
 * not know: "adrenocortical carcinoma (ACC)" is no carcinoma in general, "X-linked intellectual disability (XLID)" a
 * kind of intellectual disability. Every ACC of the abstract would otherwise be a mention of the broader disease, an id
 * the author never meant. A cause before the name is no narrower disease ("levodopa-induced dyskinesia (LID)" is
 * dyskinesia, the cause being a relation, not a kind), so "X-induced" keeps the short form.
 */
function namesNarrowerDisease(
  text: string,
  dict: Dictionary,
  def: AbbreviationDefinition,
  source: DictionaryMatch,
): boolean {
  if (dict.concepts[source.concept]!.type !== "disease" || source.start <= def.longStart) return false;
  return !/induced$/i.test(text.slice(def.longStart, source.start).trim());
}

/**
 * True when the short form is a gene's official symbol whose long form only ends with a disease name: "Disrupted-in-Schizophrenia
 * 1 (DISC1)", "deleted in colorectal cancer (DCC)". Many genes are named after the disease they were found in; the
 * words before the disease name make the long form a gene's name, so the short form stays the gene's mention. An alias
 * is not enough: "chronic allograft nephropathy (CAN)" is the disease, though CAN is an alias of NUP214.
 */
function namesGeneAfterDisease(
  dict: Dictionary,
  def: AbbreviationDefinition,
  source: DictionaryMatch,
  own: DictionaryMatch | undefined,
): boolean {
  return (
    own !== undefined &&
    dict.concepts[own.concept]!.type === "gene" &&
    nameKey(dict.concepts[own.concept]!.name) === nameKey(def.shortForm) &&
    dict.concepts[source.concept]!.type === "disease" &&
    source.start > def.longStart
  );
}

/**
 * Words that name a class, a course, a salt or a site rather than the thing itself: "lauric acid" is no lactic acid,
 * "coronary artery dissection" no coronary artery disease, though each pair shares such a word.
 */
const GENERIC_WORDS = new Set([
  "acid",
  "acute",
  "chronic",
  "disease",
  "disorder",
  "syndrome",
  "failure",
  "induced",
  "injury",
  "deficiency",
  "toxicity",
  "infection",
  "cell",
  "factor",
  "sodium",
  "potassium",
  "calcium",
  "chloride",
  "hydrochloride",
  "sulfate",
]);

/**
 * True when the long form's head word (its last word that is not generic, `GENERIC_WORDS`) is a word of one of the
 * entity's names, up to its first five letters or as part of a longer word ("sodium valproate" / "valproic acid",
 * "triphenyltetrazolium chloride" / "tetrazolium"). The head, not any shared word, decides what a name is about.
 */
function sharesWord(longForm: string, nameKeys: string[]): boolean {
  const words = (s: string) => s.split(/[^a-z0-9]+/).filter((w) => w.length >= 4 && !GENERIC_WORDS.has(w));
  const head = words(nameKey(longForm)).at(-1);
  if (!head) return false;
  return nameKeys.some((key) =>
    words(key).some((w) => head.slice(0, 5) === w.slice(0, 5) || head.includes(w) || w.includes(head)),
  );
}

/** Words that make a long form the name of a gene or its product. */
const GENE_PRODUCT_WORD =
  /^(?:proteins?|kinases?|factors?|receptors?|inhibitors?|genes?|exchangers?|transporters?|channels?|activators?|ligands?|hormones?|peptides?|antigens?|subunits?|transcription|enzymes?|[a-z]{3,}(?<!dise|incre|decre|rele|datab)ases?)$/;

/**
 * True when a word of the long form names a gene product ("thrombin-activatable fibrinolysis inhibitor (TAFI)",
 * "manganese superoxide dismutase (MnSOD)"), so an alias it defines is the gene although its names (HGNC, NCBI
 * Gene) share no word with it.
 */
function namesGeneProduct(longForm: string): boolean {
  return longForm
    .toLowerCase()
    .split(/[^a-z]+/)
    .some((w) => GENE_PRODUCT_WORD.test(w));
}

function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}

function occurrences(text: string, shortForm: string): number[] {
  const at: number[] = [];
  const alnum = /[\p{L}\p{N}]/u;
  for (let i = text.indexOf(shortForm); i >= 0; i = text.indexOf(shortForm, i + 1)) {
    const before = text[i - 1];
    const after = text[i + shortForm.length];
    if ((before === undefined || !alnum.test(before)) && (after === undefined || !alnum.test(after))) at.push(i);
  }
  return at;
}

/** The mention of a match; a composite name's match is a mention of each of its concepts, at the same span. */
function toMentions(text: string, dict: Dictionary, m: DictionaryMatch, method: Mention["method"]): Mention[] {
  const concept = dict.concepts[m.concept]!;
  return (concept.parts ?? [m.concept]).map((index) => {
    const c = dict.concepts[index]!;
    return {
      start: m.start,
      end: m.end,
      text: text.slice(m.start, m.end),
      type: c.type,
      id: c.id,
      name: c.name,
      xrefs: c.xrefs,
      provenance: "extracted",
      method,
    };
  });
}
