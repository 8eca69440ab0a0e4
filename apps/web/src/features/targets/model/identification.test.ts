import { describe, expect, it, vi } from "vitest";
import type { IdentifyTargetsResponse } from "@sieve/contracts";
import {
  identifyUntilReady,
  isAccepted,
  type IdentifyAnswer,
  type IdentifyWaiting,
  type JobState,
} from "./identification";

const ranking: IdentifyTargetsResponse = {
  disease: { id: "DOID:1324", name: "lung cancer" },
  feature_set_version: "priors_v1",
  mode: "all",
  weights: { w_lit: 0.3, w_omics: 0.25, w_drugg: 0.2, w_safe: 0.15, w_neg: 0.1 },
  sources: { lit: [], omics: [], drugg: [], safe: [], neg: [] },
  genes_ranked: 0,
  computed_at: "2026-01-01T00:00:00Z",
  engine_job_id: "job-1",
  results: [],
  literature_filter: {
    min_confidence: null,
    confidence_thresholds: { "chemical-disease": 0.4, "gene-disease": 0.35, "chemical-gene": 0.3, "gene-gene": 0.3 },
    below_min_confidence: 0,
  },
  precedence_withheld: [],
};
const accepted = (status = "running"): IdentifyAnswer => ({ detail: { engine_job_id: "job-1", status } });

function run(answers: IdentifyAnswer[], jobs: JobState[]) {
  const identify = vi.fn(async () => answers.shift()!);
  const getJob = vi.fn(async () => jobs.shift()!);
  const waiting: (IdentifyWaiting | null)[] = [];
  const wait = vi.fn(async () => undefined);
  const result = identifyUntilReady({ identify, getJob, onWaiting: (w) => waiting.push(w), wait });
  return { result, identify, getJob, waiting, wait };
}

describe("identifyUntilReady", () => {
  it("returns a 200 ranking at once", async () => {
    const { result, getJob, waiting } = run([ranking], []);
    await expect(result).resolves.toBe(ranking);
    expect(getJob).not.toHaveBeenCalled();
    expect(waiting).toEqual([null]);
  });

  it("polls the engine job of a 202 every interval until it completes, then asks again", async () => {
    const { result, identify, getJob, waiting, wait } = run(
      [accepted(), ranking],
      [
        { status: "running", error_message: null },
        { status: "completed", error_message: null },
      ],
    );
    await expect(result).resolves.toBe(ranking);
    expect(identify).toHaveBeenCalledTimes(2);
    expect(getJob).toHaveBeenCalledWith("job-1");
    expect(wait).toHaveBeenCalledTimes(2);
    expect(wait).toHaveBeenCalledWith(1000, undefined);
    expect(waiting).toEqual([
      { jobId: "job-1", status: "running" },
      { jobId: "job-1", status: "running" },
      { jobId: "job-1", status: "completed" },
      null,
    ]);
  });

  it("asks again at once when the 202 already reports a finished job", async () => {
    const { result, getJob } = run([accepted("completed"), ranking], []);
    await expect(result).resolves.toBe(ranking);
    expect(getJob).not.toHaveBeenCalled();
  });

  it("ends with the job's error when it fails or is cancelled", async () => {
    await expect(
      run([accepted("queued")], [{ status: "failed", error_message: "out of memory" }]).result,
    ).rejects.toThrow("Target identification failed (engine job job-1, failed): out of memory");
    await expect(run([accepted()], [{ status: "cancelled", error_message: null }]).result).rejects.toThrow(
      "(engine job job-1, cancelled): no reason given",
    );
  });

  it("gives up when the server keeps answering 202 after finished jobs", async () => {
    await expect(
      run(
        Array.from({ length: 6 }, () => accepted("completed")),
        [],
      ).result,
    ).rejects.toThrow(/still computing/);
  });

  it("tells a 202 from a ranking", () => {
    expect(isAccepted(accepted())).toBe(true);
    expect(isAccepted(ranking)).toBe(false);
  });
});
