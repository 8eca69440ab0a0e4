import type { EntityType, LiteratureDocument, Mention } from "./types";

/**
 * PubTator text format, as distributed with BioCreative V CDR (Li et al., Database 2016,
 * CDR.Corpus.v010516) and BioRED (Luo et al., Brief. Bioinform. 2022, BIORED.zip):
 *
 *   PMID|t|title
 *   PMID|a|abstract
 *   PMID<TAB>start<TAB>end<TAB>text<TAB>type<TAB>ids[<TAB>component texts]     (mention, offsets from title start)
 *   PMID<TAB>CID<TAB>chemical<TAB>disease                                     (CDR relation)
 *   PMID<TAB>relation type<TAB>id1<TAB>id2<TAB>Novel|No                       (BioRED relation)
 *
 * documents separated by blank lines. Composite mentions list several ids: CDR joins them with `|`
 * (with the component texts in a seventh column), BioRED with `,`; `-1` means "no id". BioRED variant
 * ids themselves contain `|` (e.g. `c|DEL|1314_1328|`), so variant ids are never split.
 */
export interface GoldMention {
  start: number;
  end: number;
  text: string;
  /** The corpus's own type (Chemical, Disease, GeneOrGeneProduct, SequenceVariant, …). */
  corpus_type: string;
  /** Sieve's entity type, or null for types Sieve does not tag (species, variants, cell lines). */
  type: EntityType | null;
  /** Normalised ids; empty when the corpus gives -1. */
  ids: string[];
  /** CDR composite mentions: the individual mention texts of the seventh column. */
  components?: string[];
}

export interface GoldRelation {
  /** `CID` for CDR; Association, Positive_Correlation, … for BioRED. */
  type: string;
  id1: string;
  id2: string;
  /** BioRED's Novel/No flag; null when the corpus has none (CDR). */
  novel: boolean | null;
}

export interface PubTatorDocument {
  pmid: string;
  title: string;
  abstract: string;
  /** title + "\n" + abstract, so that the corpus offsets index it directly. */
  text: string;
  mentions: GoldMention[];
  relations: GoldRelation[];
}

const TYPE_MAP: Record<string, EntityType> = {
  Chemical: "chemical",
  ChemicalEntity: "chemical",
  Disease: "disease",
  DiseaseOrPhenotypicFeature: "disease",
  Gene: "gene",
  GeneOrGeneProduct: "gene",
};

/** Maps a corpus entity type to Sieve's, or null when Sieve does not tag that type. */
export function entityTypeOf(corpusType: string): EntityType | null {
  return TYPE_MAP[corpusType] ?? null;
}

/** Splits a mention's id column into ids (see the format note above). */
export function splitIds(raw: string, corpusType: string): string[] {
  const trimmed = raw.trim();
  if (trimmed === "" || trimmed === "-1" || trimmed === "-") return [];
  if (corpusType === "SequenceVariant" || corpusType === "Mutation") return [trimmed];
  return trimmed
    .split(/[|,;]/)
    .map((id) => id.trim())
    .filter((id) => id !== "" && id !== "-1");
}

/** A line of a PubTator file that cannot be read, with its 1-based number. */
export class PubTatorFormatError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`PubTator line ${line}: ${reason}`);
    this.name = "PubTatorFormatError";
  }
}

/**
 * Parses a PubTator file into documents with their gold mentions and relations. Throws a
 * PubTatorFormatError on the first malformed line, including a mention whose offsets leave its document.
 */
export function parsePubTator(fileText: string): PubTatorDocument[] {
  return [...pubTatorChunks(fileText, Infinity)].flat();
}

/**
 * parsePubTator in pieces of about `linesPerChunk` lines, each cut at a blank line (so no document
 * is split): a caller can yield to the event loop between pieces of a long file. Documents,
 * line numbers and errors are those of parsePubTator.
 */
export function* pubTatorChunks(fileText: string, linesPerChunk: number): Generator<PubTatorDocument[]> {
  let documents: PubTatorDocument[] = [];
  let current: PubTatorDocument | null = null;
  const lines = fileText.split(/\r?\n/);
  let chunkStart = 0;
  for (let lineNo = 0; lineNo < lines.length; lineNo++) {
    const line = lines[lineNo]!;
    if (line.trim() === "") {
      current = null;
      if (lineNo - chunkStart >= linesPerChunk && documents.length) {
        yield documents;
        documents = [];
        chunkStart = lineNo;
      }
      continue;
    }
    const textMatch = /^([^|\t]+)\|([ta])\|(.*)$/.exec(line);
    if (textMatch) {
      const [, pmid, part, content] = textMatch as unknown as [string, string, string, string];
      if (!current || current.pmid !== pmid) {
        current = { pmid, title: "", abstract: "", text: "", mentions: [], relations: [] };
        documents.push(current);
      }
      if (part === "t") current.title = content;
      else current.abstract = content;
      current.text = current.title + "\n" + current.abstract;
      continue;
    }
    const cols = line.split("\t");
    if (!current || cols[0] !== current.pmid)
      throw new PubTatorFormatError(lineNo + 1, "annotation outside its document");
    if (cols.length >= 6 && /^\d+$/.test(cols[1]!) && /^\d+$/.test(cols[2]!)) {
      const [start, end] = [Number(cols[1]), Number(cols[2])];
      if (start > end || end > current.text.length)
        throw new PubTatorFormatError(
          lineNo + 1,
          `mention offsets ${start}-${end} are outside the document's ${current.text.length} characters`,
        );
      const corpusType = cols[4]!;
      const mention: GoldMention = {
        start,
        end,
        text: cols[3]!,
        corpus_type: corpusType,
        type: entityTypeOf(corpusType),
        ids: splitIds(cols[5]!, corpusType),
      };
      if (cols.length >= 7 && cols[6]!.trim() !== "") mention.components = cols[6]!.split("|");
      current.mentions.push(mention);
    } else if (cols.length === 4 || cols.length === 5) {
      const flag = cols[4]?.trim();
      current.relations.push({
        type: cols[1]!,
        id1: cols[2]!,
        id2: cols[3]!,
        novel: flag === undefined || flag === "" ? null : flag.toLowerCase() === "novel",
      });
    } else {
      throw new PubTatorFormatError(lineNo + 1, "expected a mention or relation line");
    }
  }
  if (documents.length) yield documents;
}

/** The store's document record for a PubTator document. */
export function toLiteratureDocument(
  doc: PubTatorDocument,
  source: string,
  license: string | null = null,
): LiteratureDocument {
  return {
    source,
    external_id: doc.pmid,
    title: doc.title,
    year: null,
    venue: null,
    license,
    url: `https://pubmed.ncbi.nlm.nih.gov/${doc.pmid}/`,
    text: doc.text,
  };
}

/**
 * The corpus's own mentions as store mentions with provenance "gold" (kept apart from extracted
 * ones): genes as NCBIGene:<id> with `xrefs.ncbigene`, chemicals and diseases as MESH:<id> with
 * `xrefs.mesh`. A composite mention with several ids gives one mention per id; mentions without an
 * id or of types Sieve does not tag are left out.
 */
export function goldMentions(doc: PubTatorDocument): Mention[] {
  const out: Mention[] = [];
  for (const m of doc.mentions) {
    if (m.type === null) continue;
    for (const id of m.ids) {
      const gene = m.type === "gene";
      out.push({
        start: m.start,
        end: m.end,
        text: m.text,
        type: m.type,
        id: gene ? `NCBIGene:${id}` : `MESH:${id}`,
        name: m.text,
        xrefs: gene ? { ncbigene: id } : { mesh: id },
        provenance: "gold",
        method: "gold",
      });
    }
  }
  return out;
}
