import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runProgram } from "../programs";
import { minimisationMdp, DEFAULT_SYSTEM_MDP, formatMdp } from "./mdp";

/**
 * A ready-to-run GROMACS system tarball (conf.gro, topol.top, posre.itp) from a stretch of one
 * protein chain: AMBER99SB-ILDN with TIP3P water, a cubic box with `padNm` of water around the
 * peptide, and Na+/Cl- to neutralise it (the usual pdb2gmx → editconf → solvate → genion route).
 */
export async function buildPeptideSystem(
  pdb: string,
  selection: { chain: string; first: number; last: number; padNm?: number },
): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), "sieve-md-build-"));
  const gmx = (args: string[], input?: string) =>
    runProgram("gmx", ["-quiet", "-nocopyright", ...args], {
      cwd: dir,
      timeoutMs: 300_000,
      ...(input ? { input } : {}),
    });
  try {
    const atoms = pdb.split(/\r?\n/).filter((line) => {
      if (!line.startsWith("ATOM")) return false;
      const residue = Number(line.slice(22, 26));
      return (
        line[21] === selection.chain &&
        residue >= selection.first &&
        residue <= selection.last &&
        (line[16] === " " || line[16] === "A")
      );
    });
    if (atoms.length === 0)
      throw new Error(`No protein atoms in chain ${selection.chain} residues ${selection.first}–${selection.last}`);
    await writeFile(join(dir, "peptide.pdb"), atoms.join("\n") + "\nEND\n");
    await gmx([
      "pdb2gmx",
      "-f",
      "peptide.pdb",
      "-o",
      "peptide.gro",
      "-p",
      "topol.top",
      "-ff",
      "amber99sb-ildn",
      "-water",
      "tip3p",
      "-ignh",
    ]);
    await gmx([
      "editconf",
      "-f",
      "peptide.gro",
      "-o",
      "box.gro",
      "-c",
      "-d",
      String(selection.padNm ?? 0.7),
      "-bt",
      "cubic",
    ]);
    await gmx(["solvate", "-cp", "box.gro", "-cs", "spc216.gro", "-o", "solvated.gro", "-p", "topol.top"]);
    await writeFile(join(dir, "ions.mdp"), formatMdp(minimisationMdp(DEFAULT_SYSTEM_MDP)));
    // The unneutralised system draws grompp's net-charge warning; genion is what removes it.
    await gmx(["grompp", "-f", "ions.mdp", "-c", "solvated.gro", "-p", "topol.top", "-o", "ions.tpr", "-maxwarn", "1"]);
    await gmx(
      ["genion", "-s", "ions.tpr", "-o", "conf.gro", "-p", "topol.top", "-pname", "NA", "-nname", "CL", "-neutral"],
      "SOL\n",
    );
    const members = ["conf.gro", "topol.top", ...(await readdir(dir)).filter((f) => /^posre.*\.itp$/.test(f))];
    return await new Promise<Uint8Array>((resolve, reject) =>
      execFile(
        "tar",
        ["-cf", "-", "-C", dir, ...members],
        { encoding: "buffer", maxBuffer: 256 * 1024 * 1024 },
        (error, stdout) => (error ? reject(error) : resolve(new Uint8Array(stdout))),
      ),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
