import { UploadFields } from "@sieve/contracts";
import { describe, expect, it } from "vitest";
import type { NetworkEdge } from "../types";
import { networkProximity, parseStringNetwork, randomWalkWithRestart } from "./string";
import { readSharedData } from "@sieve/testing";
import { ingestErrorOf, sharedGeneIndex } from "../../test/ingest-helpers";

const NSCLC = "string_ppi/nsclc_string_interactions.tsv";
const params = (fields: Record<string, unknown> = {}) => UploadFields.string.parse(fields);
const EGFR = "HGNC:3236";
const KRAS = "HGNC:6407";

describe("parseStringNetwork on the shared NSCLC network", () => {
  const genes = sharedGeneIndex();
  const text = readSharedData(NSCLC);
  const upload = parseStringNetwork(text, params(), genes);
  const edges = upload.edges!;

  it("reads the #-headed export: undirected, deduplicated edges of HGNC genes at combined score ≥ 700", () => {
    expect(upload.rowsRead).toBe(1782);
    expect(upload.unmatched).toEqual([]);
    expect(edges.length).toBeGreaterThan(400);
    const pairs = new Set(edges.map((e) => `${e.a} ${e.b}`));
    expect(pairs.size).toBe(edges.length);
    for (const e of edges) {
      expect(e.a < e.b).toBe(true);
      expect(e.score).toBeGreaterThanOrEqual(0.7);
      expect(e.score).toBeLessThanOrEqual(1);
    }
    // Every edge of the file is listed in both directions: without a threshold there is one per pair.
    expect(parseStringNetwork(text, params({ min_score: 0 }), genes).edges).toHaveLength(1782 / 2);
  });

  it("gives EGFR a high degree, scored log(1 + degree) / log(1 + max degree)", () => {
    const degrees = upload.features.map((f) => f.raw!).sort((a, b) => b - a);
    const egfr = upload.features.find((f) => f.gene === EGFR)!;
    expect(egfr).toMatchObject({ feature_name: "string_degree", component: "omics", disease: null });
    expect(egfr.raw).toBeGreaterThanOrEqual(30);
    expect(egfr.raw).toBeGreaterThanOrEqual(degrees[Math.floor(degrees.length / 10)]!);
    expect(egfr.score).toBeCloseTo(Math.log(1 + egfr.raw!) / Math.log(1 + degrees[0]!), 12);
    expect(upload.features.find((f) => f.gene === KRAS)!.score).toBe(1);
  });

  it("random walk from EGFR and KRAS: probabilities sum to 1 and their direct neighbours outrank every distant node", () => {
    const seeds = [EGFR, KRAS];
    const p = randomWalkWithRestart(edges, seeds);
    expect([...p.values()].reduce((s, v) => s + v, 0)).toBeCloseTo(1, 10);
    const neighbours = new Set(
      edges
        .flatMap((e) => (seeds.includes(e.a) ? [e.b] : seeds.includes(e.b) ? [e.a] : []))
        .filter((g) => !seeds.includes(g)),
    );
    const distant = [...p.keys()].filter((g) => !neighbours.has(g) && !seeds.includes(g));
    expect(distant.length).toBeGreaterThan(10);
    expect(Math.min(...[...neighbours].map((g) => p.get(g)!))).toBeGreaterThan(
      Math.max(...distant.map((g) => p.get(g)!)),
    );
  });

  it("network proximity: seeds 1, the others by percentile of their walk probability, all in [0, 1]", () => {
    const rows = networkProximity(edges, [EGFR, KRAS, "HGNC:0"], { disease: "EFO_0001071" });
    expect(rows).toHaveLength(new Set(edges.flatMap((e) => [e.a, e.b])).size);
    expect(rows.filter((r) => r.score === 1).map((r) => r.gene)).toEqual(expect.arrayContaining([EGFR, KRAS]));
    expect(
      rows.every(
        (r) => r.score >= 0 && r.score <= 1 && r.feature_name === "string_proximity" && r.disease === "EFO_0001071",
      ),
    ).toBe(true);
    const others = rows.filter((r) => r.gene !== EGFR && r.gene !== KRAS);
    expect(Math.max(...others.map((r) => r.score))).toBe(1);
    expect(Math.min(...others.map((r) => r.score))).toBe(0);
    for (let i = 1; i < others.length; i++) expect(others[i]!.score).toBeLessThanOrEqual(others[i - 1]!.score);
  });
});

describe("parseStringNetwork on protein.links and edge cases", () => {
  const genes = sharedGeneIndex();

  it("reads space-separated protein.links on 0–1000; bare Ensembl protein ids are reported unmatched", () => {
    const links =
      "protein1 protein2 combined_score\n9606.ENSP00000000233 9606.ENSP00000272298 490\n9606.ENSP00000000233 9606.ENSP00000253401 198\n";
    const upload = parseStringNetwork(links, params(), genes);
    expect(upload.edges).toEqual([]);
    expect(upload.unmatched).toEqual(["ENSP00000000233", "ENSP00000272298", "ENSP00000253401"]);
  });

  it("treats 0–1 and 0–1000 scores alike, keeps the strongest of a repeated pair and drops self-loops", () => {
    const thousand =
      "protein1\tprotein2\tcombined_score\nEGFR\tKRAS\t800\nKRAS\tEGFR\t950\nEGFR\tEGFR\t999\nEGFR\tALK\t650\n";
    const unit = thousand.replace("800", "0.8").replace("950", "0.95").replace("999", "0.999").replace("650", "0.65");
    const expected: NetworkEdge[] = [{ a: EGFR, b: KRAS, score: 0.95 }];
    expect(parseStringNetwork(thousand, params(), genes).edges).toEqual(expected);
    expect(parseStringNetwork(unit, params(), genes).edges).toEqual(expected);
    expect(parseStringNetwork(thousand, params({ min_score: 600 }), genes).edges).toHaveLength(2);
  });

  it("names line and column of an id of another species, a score out of range and a missing score", () => {
    const mouse =
      "protein1 protein2 combined_score\n9606.ENSP00000000233 9606.ENSP00000272298 490\n9606.ENSP00000000233 10090.ENSMUSP00000000001 900\n";
    expect(ingestErrorOf(() => parseStringNetwork(mouse, params(), genes)).message).toBe(
      "Line 3, column protein2: '10090.ENSMUSP00000000001' is of species 10090; expected species 9606, ids starting with '9606.'",
    );
    const over = ingestErrorOf(() =>
      parseStringNetwork("protein1\tprotein2\tcombined_score\nEGFR\tKRAS\t1200\n", params(), genes),
    );
    expect([over.line, over.column]).toEqual([2, "combined_score"]);
    const empty = ingestErrorOf(() =>
      parseStringNetwork("protein1\tprotein2\tcombined_score\nEGFR\tKRAS\t\n", params(), genes),
    );
    expect(empty.message).toBe("Line 2, column combined_score: empty score");
  });
});

describe("randomWalkWithRestart", () => {
  const path: NetworkEdge[] = [
    { a: "a", b: "b", score: 1 },
    { a: "b", b: "c", score: 1 },
  ];

  it("reaches the closed-form stationary distribution on a path a–b–c from seed a (r = 0.5: 7/12, 1/3, 1/12)", () => {
    const p = randomWalkWithRestart(path, ["a"]);
    expect(p.get("a")).toBeCloseTo(7 / 12, 9);
    expect(p.get("b")).toBeCloseTo(1 / 3, 9);
    expect(p.get("c")).toBeCloseTo(1 / 12, 9);
  });

  it("follows edge weights, ignores seeds outside the network and is empty when no seed is in it", () => {
    const weighted = randomWalkWithRestart(
      [
        { a: "s", b: "strong", score: 0.9 },
        { a: "s", b: "weak", score: 0.1 },
      ],
      ["s", "absent"],
    );
    expect(weighted.get("strong")! / weighted.get("weak")!).toBeCloseTo(9, 9);
    expect(randomWalkWithRestart(path, ["absent"]).size).toBe(0);
    expect(networkProximity(path, ["absent"])).toEqual([]);
  });
});
