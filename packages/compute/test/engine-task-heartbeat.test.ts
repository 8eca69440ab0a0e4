import { afterAll, describe, expect, it } from "vitest";
import { MolecularRunBody, resolveMolecularInput } from "@sieve/contracts";
import { runEngineTask, type CurvePoint } from "../src/engine-task";
import { ComputePool } from "../src/pool";

/**
 * A worker whose heart-beat fails (the platform restarting, a network cut) keeps the curve points of
 * that beat and sends them with the next one: none is lost. Runs a real molecular optimization.
 */
const pool = new ComputePool(1);
afterAll(async () => pool.close());

describe("engine task heart-beats", () => {
  it("sends again the points of a heart-beat that failed, so the platform receives every point", async () => {
    const body = MolecularRunBody.parse({ population_size: 20, max_generations: 12, seed: 7 });
    const input = resolveMolecularInput(body, [
      "CC(=O)Oc1ccccc1C(=O)O",
      "CC(C)Cc1ccc(cc1)C(C)C(=O)O",
      "c1ccc2ccccc2c1",
    ]);
    const received: CurvePoint[] = [];
    let beats = 0;
    let failed = 0;
    const outcome = await runEngineTask(pool, "molecular", input, {
      heartbeatMs: 5,
      async heartbeat(_progress, points) {
        beats += 1;
        // Every other beat that carries points gets no answer.
        if (points.length && beats % 2 === 0) {
          failed += 1;
          throw new Error("the platform did not answer");
        }
        received.push(...points);
        return { stop: false };
      },
      onHeartbeatError: () => undefined,
    });
    expect(outcome.outcome).toBe("completed");
    expect(failed).toBeGreaterThan(0);
    const names = [...new Set(received.map((p) => p.name))];
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const generations = received.filter((p) => p.name === name).map((p) => p.x);
      const last = Math.max(...generations);
      // Every generation from the first to the last arrived, each exactly once.
      expect([...generations].sort((a, b) => a - b)).toEqual(
        Array.from({ length: generations.length }, (_, i) => Math.min(...generations) + i),
      );
      expect(last).toBeGreaterThanOrEqual(input.max_generations - 1);
    }
  });
});
