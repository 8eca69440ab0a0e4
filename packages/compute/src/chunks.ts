/**
 * Chunk sizes for spreading `count` items over `threads` threads: at most `maxChunk` each, shrinking towards the end
 * (guided self-scheduling: each chunk half of one thread's share of what remains) so that the threads finish close
 * together instead of one idling while the other runs a last full chunk. Never below `minChunk`, which amortises a
 * thread round-trip.
 */
export function chunkSizes(count: number, threads: number, maxChunk: number, minChunk = Math.ceil(maxChunk / 10)) {
  const sizes: number[] = [];
  let remaining = count;
  while (remaining > 0) {
    const guided = Math.ceil(remaining / (2 * Math.max(1, threads)));
    const size = Math.min(remaining, Math.max(minChunk, Math.min(maxChunk, guided)));
    sizes.push(size);
    remaining -= size;
  }
  return sizes;
}
