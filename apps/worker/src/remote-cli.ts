// `npm run worker -- --api https://host:port --cert worker.crt --key worker.key --ca ca.crt [--data-dir DIR] [--threads
// N]`
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { runRemoteWorker } from "./remote";

const { values } = parseArgs({
  options: {
    api: { type: "string" },
    cert: { type: "string" },
    key: { type: "string" },
    ca: { type: "string" },
    "data-dir": { type: "string", default: "." },
    threads: { type: "string", default: String(availableParallelism()) },
  },
});
const missing = ["api", "cert", "key", "ca"].filter((name) => !values[name as keyof typeof values]);
if (missing.length) {
  console.error(
    `Missing ${missing.map((m) => `--${m}`).join(", ")}.\nUsage: npm run worker -- --api https://host:port --cert worker.crt --key worker.key --ca ca.crt [--data-dir DIR] [--threads N]`,
  );
  process.exit(2);
}
const controller = new AbortController();
process.on("SIGINT", () => controller.abort());
process.on("SIGTERM", () => controller.abort());
await runRemoteWorker({
  api: values.api!,
  cert: readFileSync(values.cert!),
  key: readFileSync(values.key!),
  ca: readFileSync(values.ca!),
  dataDir: values["data-dir"]!,
  threads: Number(values.threads),
  signal: controller.signal,
});
