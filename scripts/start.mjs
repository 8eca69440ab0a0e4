// `npm start`: build the web app if its build is missing, then run the platform in this process.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const webIndex = fileURLToPath(new URL("../apps/web/dist/index.html", import.meta.url));
if (!existsSync(webIndex) && existsSync(fileURLToPath(new URL("../apps/web/index.html", import.meta.url)))) {
  console.log("Building the web app (first start)…");
  const build = spawnSync("npm", ["run", "build", "-w", "@sieve/web"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
register();
await import("../apps/api/src/server.ts");
