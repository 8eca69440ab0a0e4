// `npm run replay -- <bundle.tar.gz>`: re-executes a replay bundle's run on this machine's compute
// threads and prints, output by output, whether it is identical. Needs no database and no server.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ComputePool } from "@sieve/compute/pool";
import { BundleRefused, executeReplay, verifyBundle } from "../modules/reports/replay";

/** This installation's signing secret, when one exists (never created here): lets the signature be checked too. */
function localSecret(): Uint8Array | null {
  if (process.env.JWT_SECRET) return new TextEncoder().encode(process.env.JWT_SECRET);
  const path = join(resolve(process.env.DATA_DIR ?? "./.data"), "jwt-secret");
  return existsSync(path) ? new TextEncoder().encode(readFileSync(path, "utf8").trim()) : null;
}

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: npm run replay -- <bundle.tar.gz>");
    return 2;
  }
  let bundle;
  try {
    // npm runs scripts from the repository root; a relative path is meant from where the user typed it.
    bundle = await verifyBundle(readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), file)), localSecret());
  } catch (error) {
    if (error instanceof BundleRefused) {
      console.error(`refused: ${error.message}`);
      return 3;
    }
    throw error;
  }
  console.log(
    `run ${bundle.run.run_id}: checksums verified; signature ${bundle.signatureVerified ? "verified" : "not checked (bundle from another installation, or no local secret)"}`,
  );
  const pool = new ComputePool(Math.max(1, Number(process.env.COMPUTE_THREADS) || 1));
  try {
    const outcome = await executeReplay(pool, bundle);
    for (const output of outcome.outputs)
      console.log(
        `${output.identical ? "identical" : "DIFFERENT"}  ${output.name}${output.identical ? "" : `  expected ${output.expected_sha256.slice(0, 12)}… got ${output.actual_sha256?.slice(0, 12) ?? "nothing"}…`}`,
      );
    console.log(`${outcome.status}${outcome.reason ? `: ${outcome.reason}` : ""} (${outcome.duration_s} s)`);
    return outcome.status === "identical" ? 0 : 1;
  } finally {
    await pool.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
