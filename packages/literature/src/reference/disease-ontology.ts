/**
 * Disease Ontology in OBO 1.2 flat-file format (Schriml et al., Nucleic Acids Res. 2012/2019;
 * OBO 1.2 spec: owlcollab.github.io/oboformat). Reads `[Term]` stanzas: id, name, synonyms with
 * their scope (EXACT, RELATED, BROAD, NARROW), xrefs (MeSH appears as `MSH:` or `MESH:`), is_a
 * parents and alt_ids; obsolete terms (`is_obsolete: true`) and `[Typedef]` stanzas are skipped.
 */
export type SynonymScope = "EXACT" | "RELATED" | "BROAD" | "NARROW";

export interface DiseaseTerm {
  id: string;
  name: string;
  synonyms: { text: string; scope: SynonymScope }[];
  xrefs: string[];
  /** First MeSH descriptor among the xrefs, without prefix (e.g. D006394). */
  mesh: string | null;
  is_a: string[];
  alt_ids: string[];
}

export function parseObo(text: string): DiseaseTerm[] {
  const terms: DiseaseTerm[] = [];
  for (const stanza of text.split(/\r?\n(?=\[)/)) {
    const lines = stanza.split(/\r?\n/);
    if (lines[0]?.trim() !== "[Term]") continue;
    const term: DiseaseTerm = { id: "", name: "", synonyms: [], xrefs: [], mesh: null, is_a: [], alt_ids: [] };
    let obsolete = false;
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(": ");
      if (colon < 0) continue;
      const tag = line.slice(0, colon);
      const value = stripComment(line.slice(colon + 2));
      switch (tag) {
        case "id":
          term.id = value;
          break;
        case "name":
          term.name = value.trim();
          break;
        case "alt_id":
          term.alt_ids.push(value);
          break;
        case "is_a":
          term.is_a.push(value.split(/\s/)[0]!);
          break;
        case "is_obsolete":
          obsolete = value.trim() === "true";
          break;
        case "xref":
          term.xrefs.push(value.split(/\s/)[0]!);
          break;
        case "synonym": {
          const m = /^"((?:[^"\\]|\\.)*)"\s+(EXACT|RELATED|BROAD|NARROW)/.exec(value);
          if (m) term.synonyms.push({ text: m[1]!.replace(/\\(.)/g, "$1").trim(), scope: m[2] as SynonymScope });
          break;
        }
      }
    }
    if (obsolete || term.id === "" || term.name === "") continue;
    // A descriptor (D…) before a supplementary concept (C…): "prostate cancer" lists MSH:C537243 (familial) first,
    // but literature and the corpora name it by its descriptor, D011471.
    const meshIds = term.xrefs.flatMap((x) => /^(?:MSH|MESH):([CD]\d+)$/i.exec(x)?.[1] ?? []);
    term.mesh = meshIds.find((m) => m.startsWith("D")) ?? meshIds[0] ?? null;
    terms.push(term);
  }
  return terms;
}

/** Removes a trailing ` ! comment` (OBO comments), keeping `!` inside quoted strings. */
function stripComment(value: string): string {
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '"' && value[i - 1] !== "\\") quoted = !quoted;
    if (!quoted && value[i] === "!" && (i === 0 || value[i - 1] === " ")) return value.slice(0, i).trim();
  }
  return value.trim();
}
