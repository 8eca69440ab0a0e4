/**
 * JensenLab DISEASES curated gene–disease associations ("knowledge" channel; Pletscher-Frankild et
 * al., Methods 74:83–89, 2015), as the shared `jensenlab_diseases/human_disease_knowledge_filtered.tsv`:
 * no header; protein id, gene symbol, DOID, disease name, source, evidence type, confidence (stars).
 */
export interface GeneDiseaseAssociation {
  symbol: string;
  doid: string;
  disease: string;
  source: string;
  confidence: number;
}

export function parseJensenDiseases(text: string): GeneDiseaseAssociation[] {
  const out: GeneDiseaseAssociation[] = [];
  for (const line of text.split(/\r?\n/)) {
    const c = line.split("\t");
    if (c.length < 7 || !c[2]!.startsWith("DOID:")) continue;
    out.push({
      symbol: c[1]!.trim(),
      doid: c[2]!.trim(),
      disease: c[3]!.trim(),
      source: c[4]!.trim(),
      confidence: Number(c[6]),
    });
  }
  return out;
}
