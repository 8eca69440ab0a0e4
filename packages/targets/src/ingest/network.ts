import type { FeatureRow, NetworkEdge } from "../types";

export interface RandomWalkOptions {
  /** Probability of jumping back to the seeds at each step (r). */
  restart?: number;
  /** Stop when the L1 change of the probability vector falls below this. */
  tolerance?: number;
  maxIterations?: number;
}

/**
 * Random walk with restart on a weighted undirected network (Köhler, Bauer, Horn & Robinson,
 * "Walking the interactome for prioritization of candidate disease genes", Am. J. Hum. Genet.
 * 82:949–958, 2008):
 *   p_{t+1} = (1 − r) · W · p_t + r · p_0,
 * W the column-normalised adjacency matrix (an edge weighs its score), p_0 uniform over the seeds that
 * are in the network. Returns the stationary probability of every node (they sum to 1); seeds not in
 * the network are ignored, and no seed in the network gives an empty map.
 */
export function randomWalkWithRestart(
  edges: readonly NetworkEdge[],
  seeds: Iterable<string>,
  options: RandomWalkOptions = {},
): Map<string, number> {
  const { restart = 0.5, tolerance = 1e-10, maxIterations = 200 } = options;
  const graph = buildGraph(edges);
  const seedIndexes = [...new Set(seeds)].map((s) => graph.index.get(s)).filter((i) => i !== undefined);
  if (seedIndexes.length === 0) return new Map();
  const start = new Float64Array(graph.nodes.length);
  for (const i of seedIndexes) start[i] = 1 / seedIndexes.length;
  let p: Float64Array = start.slice();
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    const next = step(graph, p, start, restart);
    const change = next.reduce((s, v, i) => s + Math.abs(v - p[i]!), 0);
    p = next;
    if (change < tolerance) break;
  }
  return new Map(graph.nodes.map((node, i) => [node, p[i]!]));
}

interface Graph {
  nodes: string[];
  index: Map<string, number>;
  /** For each node, its neighbours and the probability of stepping to each (each list sums to 1). */
  transitions: { to: number; probability: number }[][];
}

function buildGraph(edges: readonly NetworkEdge[]): Graph {
  const index = new Map<string, number>();
  const nodes: string[] = [];
  const weights: { to: number; weight: number }[][] = [];
  const nodeOf = (gene: string) => {
    let i = index.get(gene);
    if (i === undefined) {
      i = nodes.push(gene) - 1;
      index.set(gene, i);
      weights.push([]);
    }
    return i;
  };
  // A self-loop or a zero-score edge carries the walker nowhere new: left out.
  for (const e of edges) {
    if (e.a === e.b || !(e.score > 0)) continue;
    const a = nodeOf(e.a);
    const b = nodeOf(e.b);
    weights[a]!.push({ to: b, weight: e.score });
    weights[b]!.push({ to: a, weight: e.score });
  }
  const transitions = weights.map((out) => {
    const total = out.reduce((s, o) => s + o.weight, 0);
    return out.map((o) => ({ to: o.to, probability: o.weight / total }));
  });
  return { nodes, index, transitions };
}

function step(graph: Graph, p: Float64Array, start: Float64Array, restart: number): Float64Array {
  const next = new Float64Array(p.length);
  graph.transitions.forEach((out, from) => {
    const mass = (1 - restart) * p[from]!;
    for (const { to, probability } of out) next[to]! += mass * probability;
  });
  for (let i = 0; i < next.length; i++) next[i]! += restart * start[i]!;
  return next;
}

export interface ProximityOptions extends RandomWalkOptions {
  /** The disease the seeds stand for; null (default): the rows hold for any disease. */
  disease?: string | null;
}

/**
 * `string_proximity` of every node of the network to the seed genes: raw = the random-walk-with-restart
 * probability; score = its percentile among the non-seed nodes, i.e. the share of the other non-seed
 * nodes with a lower probability (the closest gets 1, the farthest 0, ties share a score); the seeds
 * themselves get 1. Percentiles rather than probabilities because the probabilities shrink with the
 * size of the network and the number of seeds, while a rank means the same in any network.
 */
export function networkProximity(
  edges: readonly NetworkEdge[],
  seeds: Iterable<string>,
  options: ProximityOptions = {},
): FeatureRow[] {
  const seedSet = new Set(seeds);
  const probabilities = randomWalkWithRestart(edges, seedSet, options);
  const others = [...probabilities]
    .filter(([gene]) => !seedSet.has(gene))
    .map(([, p]) => p)
    .sort((a, b) => a - b);
  const percentile = (p: number) => (others.length < 2 ? 1 : countBelow(others, p) / (others.length - 1));
  return [...probabilities]
    .sort((x, y) => y[1] - x[1])
    .map(([gene, p]) => ({
      gene,
      feature_name: "string_proximity",
      component: "omics",
      score: seedSet.has(gene) ? 1 : percentile(p),
      raw: p,
      disease: options.disease ?? null,
    }));
}

/** How many values of the ascending `sorted` are strictly below `x` (binary search). */
function countBelow(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
