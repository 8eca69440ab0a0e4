import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { createTestContext, type TestContext } from "./context";
import { multipartUpload } from "./multipart";
import { readTarGz, readZip, writeTarGz } from "../src/modules/reports/archive";
import { manifestSignatureValid } from "../src/modules/reports/manifest";
import { signDownloadToken } from "../src/modules/reports/download-tokens";

let ctx: TestContext;
let alpha: { token: string; userId: number };
let beta: { token: string; userId: number };
let run: { jobId: string; runId: string };
let otherAlphaRunId: string;
let betaRunId: string;
const STARTING_SMILES = ["CC(=O)Oc1ccccc1C(=O)O", "CC(C)Cc1ccc(cc1)C(C)C(=O)O", "c1ccc2ccccc2c1"];
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

async function waitForJob(token: string, jobId: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const job = (await ctx.call({ method: "GET", url: `/v1/engine/jobs/${jobId}`, token })).json();
    if (["completed", "failed", "cancelled"].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await ctx.signup({ org_name: "Alpha Therapeutics" });
  const b = await ctx.signup({ org_name: "Beta Bio" });
  alpha = { token: a.token, userId: a.user.id };
  beta = { token: b.token, userId: b.user.id };
  const projectId = (
    await ctx.call({
      method: "POST",
      url: "/v1/projects",
      token: alpha.token,
      payload: { name: "Alpha optimization", ruo_ack: true },
    })
  ).json().id;
  const created = (
    await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs/molecular`,
      token: alpha.token,
      payload: { smiles: STARTING_SMILES, population_size: 20, max_generations: 10, seed: 7 },
    })
  ).json();
  run = { jobId: created.id, runId: created.run_id };
  otherAlphaRunId = (
    await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs`,
      token: alpha.token,
      payload: { workflow: "custom", inputs: { custom_message: "other" } },
    })
  ).json().id;
  const betaProject = (
    await ctx.call({ method: "POST", url: "/v1/projects", token: beta.token, payload: { name: "Beta", ruo_ack: true } })
  ).json().id;
  betaRunId = (
    await ctx.call({
      method: "POST",
      url: `/v1/projects/${betaProject}/runs`,
      token: beta.token,
      payload: { workflow: "custom", inputs: { custom_message: "beta" } },
    })
  ).json().id;
  const job = await waitForJob(alpha.token, run.jobId);
  expect(job.status).toBe("completed");
}, 120_000);
afterAll(async () => ctx?.close());

describe("reviews", () => {
  it("records accept/reject decisions with who, when and a comment, newest first", async () => {
    const accepted = await ctx.call({
      method: "POST",
      url: "/v1/reviews",
      token: alpha.token,
      payload: { kind: "run", item_id: run.runId, state: "accepted", comment: "Looks right" },
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({
      kind: "run",
      item_id: run.runId,
      run_id: run.runId,
      state: "accepted",
      comment: "Looks right",
      reviewed_by: { id: alpha.userId },
    });
    const best = (await ctx.call({ method: "GET", url: `/v1/engine/jobs/${run.jobId}`, token: alpha.token })).json()
      .result.final_metrics.best_molecules[0].smiles;
    await ctx.call({
      method: "POST",
      url: "/v1/reviews",
      token: alpha.token,
      payload: { kind: "molecule", item_id: best, run_id: run.runId, state: "accepted" },
    });
    await ctx.call({
      method: "POST",
      url: "/v1/reviews",
      token: alpha.token,
      payload: { kind: "molecule", item_id: best, run_id: run.runId, state: "rejected", comment: "PAINS-like" },
    });
    const list = (
      await ctx.call({
        method: "GET",
        url: `/v1/reviews?kind=molecule&item_id=${encodeURIComponent(best)}`,
        token: alpha.token,
      })
    ).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ state: "rejected", comment: "PAINS-like" });
    expect(list.history.map((r: { state: string }) => r.state)).toEqual(["rejected", "accepted"]);
    const noRun = await ctx.call({
      method: "POST",
      url: "/v1/reviews",
      token: alpha.token,
      payload: { kind: "molecule", item_id: "CCO", state: "accepted" },
    });
    expect(noRun.statusCode).toBe(422);
    expect(
      (
        await ctx.call({
          method: "POST",
          url: "/v1/reviews",
          token: alpha.token,
          payload: { kind: "run", item_id: run.runId, state: "maybe" },
        })
      ).statusCode,
    ).toBe(422);
  });

  it("keeps reviews inside the organization", async () => {
    expect(
      (
        await ctx.call({
          method: "POST",
          url: "/v1/reviews",
          token: beta.token,
          payload: { kind: "run", item_id: run.runId, state: "rejected" },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.call({
          method: "POST",
          url: "/v1/reviews",
          token: beta.token,
          payload: { kind: "molecule", item_id: "CCO", run_id: run.runId, state: "rejected" },
        })
      ).statusCode,
    ).toBe(404);
    const seen = (await ctx.call({ method: "GET", url: `/v1/reviews?item_id=${run.runId}`, token: beta.token })).json();
    expect(seen).toEqual({ items: [], history: [] });
    expect((await ctx.call({ method: "GET", url: "/v1/reviews" })).statusCode).toBe(401);
  });
});

describe("manifest", () => {
  it("lists every output of the finished run with its hash, origin and review, and is signed", async () => {
    const response = await ctx.call({ method: "GET", url: `/v1/reports/manifest/${run.jobId}`, token: alpha.token });
    expect(response.statusCode).toBe(200);
    const manifest = response.json();
    const job = (await ctx.call({ method: "GET", url: `/v1/engine/jobs/${run.jobId}`, token: alpha.token })).json();
    const best = job.result.final_metrics.best_molecules;
    expect(manifest.job).toMatchObject({ id: run.jobId, domain: "molecular", status: "completed" });
    expect(manifest.run).toMatchObject({ id: run.runId, workflow: "molecular_optimization" });
    expect(manifest.project).toMatchObject({ name: "Alpha optimization" });
    expect(manifest.inputs).toEqual([
      { name: "starting_smiles.smi", uri: "inline:config.smiles", sha256: sha256(STARTING_SMILES.join("\n") + "\n") },
    ]);
    expect(manifest.software.sieve_version).toMatch(/\d+\.\d+\.\d+/);
    expect(manifest.software.rdkit_version).toMatch(/@rdkit\/rdkit \d+/);
    expect(Object.keys(manifest.software.oracles)).toContain("qed");
    expect(manifest.steps[0]).toMatchObject({
      name: "molecular_optimization",
      origin: { kind: "computed", method: "graph_ga", parameters: { seed: 7, population_size: 20 } },
      metrics: { oracle_calls: job.result.final_metrics.oracle_calls },
    });
    expect(manifest.steps.some((s: { origin: { kind: string } }) => s.origin.kind === "human")).toBe(true);
    // Every best molecule is an output of its own, hashed as the canonical JSON the replay bundle holds.
    const names = manifest.outputs.map((o: { name: string }) => o.name);
    expect(names).toEqual(
      expect.arrayContaining(["outputs/best_molecules.json", "outputs/final_metrics.json", "outputs/curves.json"]),
    );
    expect(names.filter((n: string) => n.startsWith("outputs/molecules/"))).toHaveLength(best.length);
    for (const output of manifest.outputs) expect(output.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(
      manifest.outputs.find((o: { name: string }) => o.name === "outputs/molecules/001.json").review,
    ).toMatchObject({ state: "rejected", comment: "PAINS-like" });
    expect(manifest.outputs.find((o: { name: string }) => o.name === "outputs/molecules/001.json").item).toEqual({
      kind: "molecule",
      id: best[0].smiles,
    });
    expect(manifest.reviews.length).toBe(3);
    expect(manifest.signatures[0]).toMatchObject({
      alg: "HMAC-SHA256",
      value: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(manifestSignatureValid(manifest, ctx.config.jwtSecret)).toBe(true);
    expect(manifestSignatureValid({ ...manifest, outputs: manifest.outputs.slice(1) }, ctx.config.jwtSecret)).toBe(
      false,
    );
    // The run id works as well as the job id.
    expect(
      (await ctx.call({ method: "GET", url: `/v1/reports/manifest/${run.runId}`, token: alpha.token })).json().job.id,
    ).toBe(run.jobId);
  });

  it("is 404 for another organization and for unknown ids", async () => {
    expect(
      (await ctx.call({ method: "GET", url: `/v1/reports/manifest/${run.jobId}`, token: beta.token })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.call({ method: "GET", url: `/v1/reports/manifest/${run.runId}`, token: beta.token })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.call({ method: "GET", url: "/v1/reports/manifest/not-a-uuid", token: alpha.token })).statusCode,
    ).toBe(404);
    expect((await ctx.call({ method: "GET", url: `/v1/reports/manifest/${run.jobId}` })).statusCode).toBe(401);
  });
});

describe("replay bundle", () => {
  let bundle: Buffer;

  it("holds config, seed, inputs, versions, expected outputs and checksums — and no source code", async () => {
    const response = await ctx.call({
      method: "GET",
      url: `/v1/runs/${run.runId}/artifacts/replay`,
      token: alpha.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/gzip");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="sieve-replay-.*\.tar\.gz"/);
    bundle = response.rawPayload;
    const files = await readTarGz(bundle);
    const names = [...files.keys()];
    expect(names).toEqual(
      expect.arrayContaining([
        "README.txt",
        "run.json",
        "seeds.json",
        "inputs/starting_smiles.smi",
        "software.json",
        "outputs/expected.json",
        "outputs/best_molecules.json",
        "manifest.json",
        "CHECKSUMS.sha256",
        "SIGNATURE.json",
      ]),
    );
    expect(names.filter((n) => /\.(ts|tsx|js|mjs|cjs|map)$/.test(n))).toEqual([]);
    expect(JSON.parse(files.get("seeds.json")!.toString()).seed).toBe(7);
    expect(files.get("inputs/starting_smiles.smi")!.toString()).toBe(STARTING_SMILES.join("\n") + "\n");
    const manifest = (
      await ctx.call({ method: "GET", url: `/v1/reports/manifest/${run.jobId}`, token: alpha.token })
    ).json();
    for (const output of manifest.outputs) expect(sha256(files.get(output.name)!), output.name).toBe(output.sha256);
    for (const line of files.get("CHECKSUMS.sha256")!.toString().trim().split("\n")) {
      const [hash, name] = line.split("  ");
      expect(sha256(files.get(name!)!)).toBe(hash);
    }
    console.log(`replay bundle: ${bundle.length} bytes, ${names.length} files`);
  });

  it("replays a deterministic run identically, through the API and the CLI", async () => {
    const upload = multipartUpload({}, { name: "bundle.tar.gz", content: bundle, field: "bundle" });
    const response = await ctx.call({ method: "POST", url: "/v1/replays", token: alpha.token, ...upload });
    expect(response.statusCode).toBe(200);
    const outcome = response.json();
    expect(outcome).toMatchObject({
      status: "identical",
      run_id: run.runId,
      checksums_verified: true,
      signature_verified: true,
    });
    expect(outcome.outputs.every((o: { identical: boolean }) => o.identical)).toBe(true);
    console.log(`replay via API: ${outcome.status} in ${outcome.duration_s} s, ${outcome.outputs.length} outputs`);

    const dir = mkdtempSync(join(tmpdir(), "sieve-replay-"));
    writeFileSync(join(dir, "bundle.tar.gz"), bundle);
    const stdout = execFileSync(
      process.execPath,
      ["--import", "tsx", "apps/api/src/cli/replay.ts", join(dir, "bundle.tar.gz")],
      {
        cwd: join(import.meta.dirname, "../../.."),
        env: { ...process.env, DATA_DIR: dir },
        encoding: "utf8",
        timeout: 120_000,
      },
    );
    expect(stdout).toMatch(/^identical \(/m);
    expect(stdout).not.toMatch(/DIFFERENT/);
  }, 180_000);

  it("refuses a tampered bundle", async () => {
    const files = await readTarGz(bundle);
    const best = JSON.parse(files.get("outputs/best_molecules.json")!.toString());
    best[0].fitness = 0.999;
    const tampered = new Map(files);
    tampered.set("outputs/best_molecules.json", Buffer.from(JSON.stringify(best)));
    const send = (archive: Buffer) =>
      ctx.call({
        method: "POST",
        url: "/v1/replays",
        token: alpha.token,
        ...multipartUpload({}, { name: "b.tar.gz", content: archive, field: "bundle" }),
      });
    const refused = await send(writeTarGz([...tampered].map(([name, content]) => ({ name, content }))));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: "bundle_refused",
      error: expect.stringContaining("outputs/best_molecules.json does not match its checksum"),
    });
    // Rewriting the checksum list too is caught by this server's signature of it.
    const checksums = files
      .get("CHECKSUMS.sha256")!
      .toString()
      .replace(
        /^[0-9a-f]{64}(?= {2}outputs\/best_molecules\.json$)/m,
        sha256(tampered.get("outputs/best_molecules.json")!),
      );
    tampered.set("CHECKSUMS.sha256", Buffer.from(checksums));
    const resigned = await send(writeTarGz([...tampered].map(([name, content]) => ({ name, content }))));
    expect(resigned.statusCode).toBe(422);
    expect(resigned.json().error).toContain("SIGNATURE.json does not match");
    // An added file (e.g. code) is refused as unlisted.
    const extra = await send(
      writeTarGz(
        [...files]
          .map(([name, content]) => ({ name, content }))
          .concat([{ name: "run.js", content: Buffer.from("process.exit()") }]),
      ),
    );
    expect(extra.json().error).toContain("run.js is not listed");
    expect((await send(Buffer.from("not a bundle"))).statusCode).toBe(422);
  });
});

describe("dossier", () => {
  it("builds one dossier at a time per user: a second concurrent request gets 429 with Retry-After", async () => {
    const url = `/v1/runs/${run.runId}/artifacts/dossier`;
    const answers = await Promise.all([
      ctx.call({ method: "GET", url, token: alpha.token }),
      ctx.call({ method: "GET", url, token: alpha.token }),
    ]);
    // Either request may reach the limiter first (authentication awaits the database for each).
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: "dossier_in_progress", error: expect.any(String) });
    expect(refused.headers["retry-after"]).toBe("10");
  });

  it("is a zip with report.html, report.pdf, drawings, curves, negatome warnings, reviews and the manifest", async () => {
    const started = performance.now();
    const response = await ctx.call({
      method: "GET",
      url: `/v1/runs/${run.runId}/artifacts/dossier`,
      token: alpha.token,
    });
    const seconds = (performance.now() - started) / 1000;
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    const files = readZip(response.rawPayload);
    console.log(`dossier: ${seconds.toFixed(2)} s, ${response.rawPayload.length} bytes, ${files.size} files`);
    const names = [...files.keys()];
    expect(names).toEqual(
      expect.arrayContaining([
        "README.txt",
        "report.html",
        "manifest.json",
        "molecules/molecules.csv",
        "molecules/structures/001.svg",
        "molecules/negatome-warnings.json",
        "curves/optimization-curves.svg",
        "curves/curves.csv",
        "reviews/decisions.csv",
      ]),
    );
    const html = files.get("report.html")!.toString();
    expect(html).toContain("Optimization curves");
    expect(html).toContain("PAINS-like");
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
    expect(files.get("molecules/structures/001.svg")!.toString()).toContain("<svg");
    expect(JSON.parse(files.get("manifest.json")!.toString()).run.id).toBe(run.runId);
    if (existsSync("/usr/bin/chromium")) {
      const pdf = files.get("report.pdf")!;
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      // Page 1 as a greyscale PGM (poppler-utils, installed by .ci/run): a rendered report has ink on it.
      expect(existsSync("/usr/bin/pdftoppm"), "pdftoppm (Debian poppler-utils) checks the PDF").toBe(true);
      const dir = mkdtempSync(join(tmpdir(), "sieve-pdf-"));
      writeFileSync(join(dir, "report.pdf"), pdf);
      execFileSync("pdftoppm", [
        "-f",
        "1",
        "-l",
        "1",
        "-r",
        "40",
        "-gray",
        "-singlefile",
        join(dir, "report.pdf"),
        join(dir, "page"),
      ]);
      const pgm = readFileSync(join(dir, "page.pgm"));
      const [width, height] = pgm.toString("latin1", 0, 40).split(/\s+/).slice(1, 3).map(Number);
      const pixels = pgm.subarray(pgm.length - width! * height!);
      const dark = pixels.filter((v) => v < 200).length / pixels.length;
      expect(dark).toBeGreaterThan(0.01);
    } else {
      expect(names).toContain("report-pdf-unavailable.txt");
    }
  }, 120_000);

  it("is 404 for another organization", async () => {
    expect(
      (await ctx.call({ method: "GET", url: `/v1/runs/${run.runId}/artifacts/dossier`, token: beta.token })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.call({ method: "GET", url: `/v1/runs/${run.runId}/artifacts/replay`, token: beta.token })).statusCode,
    ).toBe(404);
    expect((await ctx.call({ method: "GET", url: `/v1/runs/${run.runId}/artifacts/dossier` })).statusCode).toBe(401);
  });
});

describe("download links", () => {
  it("gives a 15-minute token for one run and one artifact, usable as ?api_key=", async () => {
    const link = await ctx.call({
      method: "POST",
      url: `/v1/runs/${run.runId}/artifacts/link`,
      token: alpha.token,
      payload: { artifact: "replay" },
    });
    expect(link.statusCode).toBe(201);
    const { url, token, expires_at } = link.json();
    const minutes = (Date.parse(expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const download = await ctx.call({ method: "GET", url });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/gzip");
    // Only for that artifact, that run, and never as a bearer token.
    expect(
      (await ctx.call({ method: "GET", url: `/v1/runs/${run.runId}/artifacts/dossier?api_key=${token}` })).statusCode,
    ).toBe(401);
    expect(
      (await ctx.call({ method: "GET", url: `/v1/runs/${otherAlphaRunId}/artifacts/replay?api_key=${token}` }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.call({ method: "GET", url: `/v1/runs/${run.runId}`, token })).statusCode).toBe(401);
    expect((await ctx.call({ method: "GET", url: `/v1/reports/manifest/${run.jobId}`, token })).statusCode).toBe(401);
    // The secret never reaches the logs.
    expect(ctx.logs.join("\n")).not.toContain(token);
  });

  it("refuses expired tokens, access tokens, legacy API keys and other organizations", async () => {
    const expired = await signDownloadToken(
      ctx.config.jwtSecret,
      { userId: alpha.userId, runId: run.runId, artifact: "dossier" },
      -10,
    );
    expect(
      (await ctx.call({ method: "GET", url: `/v1/runs/${run.runId}/artifacts/dossier?api_key=${expired.token}` }))
        .statusCode,
    ).toBe(401);
    expect(
      (await ctx.call({ method: "GET", url: `/v1/runs/${run.runId}/artifacts/dossier?api_key=${alpha.token}` }))
        .statusCode,
    ).toBe(401);
    expect(
      (await ctx.call({ method: "GET", url: `/v1/runs/${run.runId}/artifacts/dossier?api_key=sk_legacy_user_key` }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.call({
          method: "GET",
          url: `/v1/runs/${run.runId}/artifacts/dossier`,
          headers: { "x-api-key": "sk_legacy_user_key" },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.call({
          method: "POST",
          url: `/v1/runs/${run.runId}/artifacts/link`,
          token: beta.token,
          payload: { artifact: "dossier" },
        })
      ).statusCode,
    ).toBe(404);
    // Beta's valid token for Beta's own run does not open Alpha's run.
    const betaLink = (
      await ctx.call({
        method: "POST",
        url: `/v1/runs/${betaRunId}/artifacts/link`,
        token: beta.token,
        payload: { artifact: "dossier" },
      })
    ).json();
    expect(
      (await ctx.call({ method: "GET", url: `/v1/runs/${run.runId}/artifacts/dossier?api_key=${betaLink.token}` }))
        .statusCode,
    ).toBe(404);
    // A token minted for Alpha's run but held by a Beta user is still scoped to Beta's organizations.
    const forged = await signDownloadToken(ctx.config.jwtSecret, {
      userId: beta.userId,
      runId: run.runId,
      artifact: "dossier",
    });
    expect(
      (await ctx.call({ method: "GET", url: `/v1/runs/${run.runId}/artifacts/dossier?api_key=${forged.token}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.call({
          method: "POST",
          url: `/v1/runs/${run.runId}/artifacts/link`,
          token: alpha.token,
          payload: { artifact: "pdf" },
        })
      ).statusCode,
    ).toBe(422);
  });
});

describe("workflow runs (screening with uploaded files)", () => {
  it("lists the uploaded library with its hash, ships it in the bundle, reports hits as outputs and says a replay is not possible here", async () => {
    const library = [
      "CC(C)Cc1ccc(cc1)C(C)C(=O)O ibuprofen",
      "CC(=O)Nc1ccc(O)cc1 paracetamol",
      "OC(=O)c1ccccc1O salicylic",
    ].join("\n");
    const upload = (
      await ctx.call({
        method: "POST",
        url: "/v1/uploads",
        token: alpha.token,
        ...multipartUpload({ kind: "compound_library" }, { name: "lib.smi", content: library }),
      })
    ).json();
    const projectId = (
      await ctx.call({
        method: "POST",
        url: "/v1/projects",
        token: alpha.token,
        payload: { name: "Alpha screening", ruo_ack: true },
      })
    ).json().id;
    const created = (
      await ctx.call({
        method: "POST",
        url: `/v1/projects/${projectId}/runs`,
        token: alpha.token,
        payload: {
          workflow: "vhts",
          inputs: {
            target_protein: "P23219",
            compound_library: upload.uri,
            include_docking: false,
            hit_compounds: "CC(=O)Oc1ccccc1C(=O)O",
          },
        },
      })
    ).json();
    const deadline = Date.now() + 120_000;
    let status = "queued";
    while (!["completed", "failed", "cancelled"].includes(status) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      status = (await ctx.call({ method: "GET", url: `/v1/runs/${created.id}`, token: alpha.token })).json().status;
    }
    expect(status).toBe("completed");
    const manifest = (
      await ctx.call({ method: "GET", url: `/v1/reports/manifest/${created.id}`, token: alpha.token })
    ).json();
    expect(manifest.inputs).toContainEqual({ name: "lib.smi", uri: upload.uri, sha256: sha256(library) });
    expect(manifest.software.oracles.ligand_similarity).toContain("max-tanimoto");
    expect(manifest.outputs.map((o: { name: string }) => o.name)).toEqual(
      expect.arrayContaining(["outputs/result.json", "outputs/molecules/001.json"]),
    );
    expect(manifest.outputs.find((o: { name: string }) => o.name === "outputs/molecules/001.json").item.kind).toBe(
      "molecule",
    );

    const bundle = (
      await ctx.call({ method: "GET", url: `/v1/runs/${created.id}/artifacts/replay`, token: alpha.token })
    ).rawPayload;
    const files = await readTarGz(bundle);
    expect(files.get("inputs/uploads/01-lib.smi")!.toString()).toBe(library);
    expect(JSON.parse(files.get("inputs/uploads.json")!.toString()).files[0]).toMatchObject({
      uri: upload.uri,
      sha256: sha256(library),
    });
    const replay = (
      await ctx.call({
        method: "POST",
        url: "/v1/replays",
        token: alpha.token,
        ...multipartUpload({}, { name: "b.tar.gz", content: bundle, field: "bundle" }),
      })
    ).json();
    expect(replay).toMatchObject({
      status: "not_replayable",
      checksums_verified: true,
      reason: expect.stringContaining("only molecular optimization runs"),
    });

    const dossier = readZip(
      (await ctx.call({ method: "GET", url: `/v1/runs/${created.id}/artifacts/dossier`, token: alpha.token }))
        .rawPayload,
    );
    expect(dossier.get("molecules/molecules.csv")!.toString()).toContain("activity");
  }, 180_000);
});

describe("provenance of stored results", () => {
  it("answers origin and review for run outputs, negatome records (human or reference) and literature triples, in the caller's scope only", async () => {
    const job = (await ctx.call({ method: "GET", url: `/v1/engine/jobs/${run.jobId}`, token: alpha.token })).json();
    const best = job.result.final_metrics.best_molecules[0].smiles;
    const molecule = (
      await ctx.call({
        method: "GET",
        url: `/v1/provenance?kind=molecule&item_id=${encodeURIComponent(best)}&run_id=${run.runId}`,
        token: alpha.token,
      })
    ).json();
    expect(molecule).toMatchObject({
      origin: { kind: "computed", method: "graph_ga", parameters: { seed: 7 } },
      review: { state: "rejected" },
    });
    expect(
      (
        await ctx.call({
          method: "GET",
          url: `/v1/provenance?kind=molecule&item_id=${encodeURIComponent(best)}&run_id=${run.runId}`,
          token: beta.token,
        })
      ).statusCode,
    ).toBe(404);

    await ctx.call({
      method: "POST",
      url: "/v1/negatome/agreement/accept",
      token: alpha.token,
      payload: { acknowledged: true },
    });
    const contributed = (
      await ctx.call({
        method: "POST",
        url: "/v1/negatome/ingest/user",
        token: alpha.token,
        payload: { compound: { smiles: "CCCCCCO" }, reason_for_failure: "No binding at 10 µM" },
      })
    ).json();
    const record = (
      await ctx.call({
        method: "GET",
        url: `/v1/provenance?kind=negatome_record&item_id=${contributed.negatome_id}`,
        token: alpha.token,
      })
    ).json();
    expect(record.origin).toMatchObject({ kind: "human", what: expect.stringContaining("No binding at 10 µM") });
    expect(record.review).toBeNull();
    expect(
      (
        await ctx.call({
          method: "GET",
          url: `/v1/provenance?kind=negatome_record&item_id=${contributed.negatome_id}`,
          token: beta.token,
        })
      ).statusCode,
    ).toBe(404);
    // Reviewing follows the same visibility: Alpha can accept its record, Beta cannot even see it.
    expect(
      (
        await ctx.call({
          method: "POST",
          url: "/v1/reviews",
          token: alpha.token,
          payload: {
            kind: "negatome_record",
            item_id: contributed.negatome_id,
            state: "accepted",
            comment: "replicated",
          },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await ctx.call({
          method: "POST",
          url: "/v1/reviews",
          token: beta.token,
          payload: { kind: "negatome_record", item_id: contributed.negatome_id, state: "rejected" },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.call({
          method: "GET",
          url: `/v1/provenance?kind=negatome_record&item_id=${contributed.negatome_id}`,
          token: alpha.token,
        })
      ).json().review,
    ).toMatchObject({ state: "accepted", comment: "replicated" });
    await ctx.call({ method: "POST", url: "/v1/negatome/ingest-demo", token: alpha.token });
    const demo = (await ctx.call({ method: "GET", url: "/v1/negatome/recent?limit=50", token: alpha.token })).json();
    const demoRecord = (demo.items as { negatome_id: string; source: string }[]).find((r) => r.source === "demo")!;
    const reference = (
      await ctx.call({
        method: "GET",
        url: `/v1/provenance?kind=negatome_record&item_id=${demoRecord.negatome_id}`,
        token: beta.token,
      })
    ).json();
    expect(reference.origin).toMatchObject({ kind: "computed", method: "negatome reference load (demo)" });

    await ctx.call({
      method: "POST",
      url: "/v1/nlp/ingest/docs",
      token: alpha.token,
      payload: {
        docs: [
          { source: "alpha-notes", external_id: "n1", text: "Imatinib inhibits ABL1 in chronic myeloid leukemia." },
        ],
      },
    });
    const triples = (
      await ctx.call({ method: "GET", url: "/v1/nlp/triples/search?head=imatinib&topk=5", token: alpha.token })
    ).json().items as { tri_id: string }[];
    if (triples.length) {
      const triple = (
        await ctx.call({
          method: "GET",
          url: `/v1/provenance?kind=triple&item_id=${encodeURIComponent(triples[0]!.tri_id)}`,
          token: alpha.token,
        })
      ).json();
      expect(triple.origin.kind).toBe("computed");
      expect(Object.values(triple.origin.input_hashes)[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(
        (
          await ctx.call({
            method: "GET",
            url: `/v1/provenance?kind=triple&item_id=${encodeURIComponent(triples[0]!.tri_id)}`,
            token: beta.token,
          })
        ).statusCode,
      ).toBe(404);
    }
    expect(
      (
        await ctx.call({
          method: "GET",
          url: "/v1/provenance?kind=target&item_id=DOID:1612|HGNC:3430",
          token: alpha.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.call({ method: "GET", url: "/v1/provenance?kind=molecule&item_id=CCO", token: alpha.token }))
        .statusCode,
    ).toBe(422);
  });
});

describe("reports list and sample", () => {
  it("lists every run with status, artifact readiness and review progress, only the caller's", async () => {
    const runs = (await ctx.call({ method: "GET", url: "/v1/reports/runs", token: alpha.token })).json().runs;
    const optimization = runs.find((r: { run_id: string }) => r.run_id === run.runId);
    expect(optimization).toMatchObject({
      job_id: run.jobId,
      status: "completed",
      artifacts_ready: true,
      reviews: { accepted: 1, rejected: 1 },
    });
    expect(optimization.reviews.unreviewed).toBeGreaterThan(0);
    const betaRuns = (await ctx.call({ method: "GET", url: "/v1/reports/runs", token: beta.token })).json().runs;
    expect(betaRuns.map((r: { run_id: string }) => r.run_id)).toEqual([betaRunId]);
  });

  it("serves a public sample dossier built from the demo data, labelled as such", async () => {
    const html = await ctx.call({ method: "GET", url: "/v1/reports/sample/report.html" });
    expect(html.statusCode).toBe(200);
    expect(html.headers["content-type"]).toMatch(/text\/html/);
    expect(html.body).toContain("Demo data");
    expect(html.body).toContain("Optimization curves");
    const zip = await ctx.call({ method: "GET", url: "/v1/reports/sample/dossier" });
    expect(zip.headers["content-type"]).toBe("application/zip");
    expect([...readZip(zip.rawPayload).keys()]).toContain("report.html");
  }, 120_000);
});
