import { splitLines } from "@sieve/contracts";

/**
 * §5: plain sequences go one per line (trimmed, blanks dropped); a FASTA text is sent whole, because
 * its records span several lines and the server parses them.
 */
export function sequenceEntries(text: string): string[] {
  return text.trimStart().startsWith(">") ? [text.trim()] : splitLines(text);
}
