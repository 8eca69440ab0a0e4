import type { Highlight } from "@sieve/contracts";

export interface TextSegment {
  text: string;
  marked: boolean;
}

/**
 * Splits a passage into plain and highlighted runs. Highlights come as character offsets and may
 * overlap or run past the text; overlapping ones are merged, offsets are clamped.
 */
export function highlightSegments(text: string, highlights: Highlight[]): TextSegment[] {
  const ranges = highlights
    .map(({ start, end }) => ({ start: Math.max(0, start), end: Math.min(text.length, end) }))
    .filter(({ start, end }) => end > start)
    .sort((a, b) => a.start - b.start);
  const merged: Highlight[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  const segments: TextSegment[] = [];
  let at = 0;
  for (const { start, end } of merged) {
    if (start > at) segments.push({ text: text.slice(at, start), marked: false });
    segments.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), marked: false });
  return segments;
}
