/**
 * The organism a document mostly talks about, from cue words: NCBI Taxonomy 10090 (mouse),
 * 10116 (rat) or 9606 (human). Gene ids are species-specific (BioRED normalises mouse genes to
 * mouse NCBI Gene ids), so names mined from a training corpus remember the organism of their
 * document and the tagger prefers the reading from a document of the same organism. A crude cue
 * count, in the spirit of the species-assignment heuristics of GNormPlus (Wei et al. 2015).
 */
export type Species = "9606" | "10090" | "10116";

const CUES: [Species, RegExp][] = [
  ["10090", /\b(?:mice|mouse|murine)\b/gi],
  ["10116", /\b(?:rats?)\b/gi],
  ["9606", /\b(?:patients?|humans?|men|women|children|subjects|individuals|families|probands?)\b/gi],
];

export function dominantSpecies(text: string): Species | null {
  let best: Species | null = null;
  let bestCount = 0;
  for (const [species, re] of CUES) {
    const n = text.match(re)?.length ?? 0;
    if (n > bestCount) {
      best = species;
      bestCount = n;
    }
  }
  return best;
}
