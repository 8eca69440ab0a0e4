import { describe, expect, it } from "vitest";
import { readSharedData, requireSharedData, SHARED_DATA_FILES } from "./shared-data";
import { requirePrograms } from "./programs";
import { requirePythonModule } from "./python";

describe("requireSharedData", () => {
  it("passes for the listed files that are present, and reads them", () => {
    expect(() => requireSharedData("hgnc/hgnc_mapper.tsv", "structures/1HSG.pdb")).not.toThrow();
    expect(readSharedData("structures/1HSG.pdb")).toMatch(/^HEADER/);
  });

  it("refuses a file missing from shared-data-files.txt, so that .ci/run checks every file tests read", () => {
    expect(SHARED_DATA_FILES).not.toContain("sider/sider.csv");
    expect(() => requireSharedData("sider/sider.csv")).toThrow(
      /sider\/sider\.csv: not in packages\/testing\/shared-data-files\.txt/,
    );
  });
});

describe("requirePythonModule and requirePrograms", () => {
  it("name what is missing and the Debian package that brings it", () => {
    expect(() => requirePythonModule("/usr/bin/python3", "no_such_module_sieve", "python3-nothing")).toThrow(
      /import no_such_module_sieve.*apt-get install python3-nothing/,
    );
    expect(() => requirePrograms("nothing-pkg", "sh", "no-such-program-sieve")).toThrow(
      /^no-such-program-sieve not installed: apt-get install -y nothing-pkg$/,
    );
    expect(() => requirePrograms("coreutils", "sh")).not.toThrow();
  });
});
