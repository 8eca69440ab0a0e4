import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { programEnvironment, runProgram, MissingBinaryError, ProgramFailedError } from "../programs";
import {
  CONFORMER_ATTEMPTS,
  DockingOracle,
  FileDockingCache,
  MemoryDockingCache,
  dockUntilPlausible,
  exhaustivenessPerConformer,
  dockingCacheKey,
  heavyAtomCount,
  implausibleAffinity,
  type DockingAttempt,
  type DockingOracleOptions,
} from "./docking-oracle";
import { ligandCandidates, readAtoms, resolveBox, stripToProtein } from "./structure";
import { placeOnReference } from "./tethered";
import {
  assertLigandBuilt,
  parseVinaModes,
  prepareLigand,
  prepareLigandConformers,
  prepareReceptor,
  SEARCH_METHOD,
} from "./vina";
import { readSharedData, requirePrograms, requireRDKitPython, requireSharedData, sharedDataFile } from "@sieve/testing";

// ../shared/data next to the repository, read in place.
const PDB_PATH = sharedDataFile("structures/1HSG.pdb");
requireSharedData("structures/1HSG.pdb", "drugcentral/structures.smiles.tsv");
const drugSmiles = (name: string) =>
  readSharedData("drugcentral/structures.smiles.tsv")
    .split("\n")
    .find((line) => line.split("\t")[4] === name)!
    .split("\t")[0]!;
const AMPRENAVIR = drugSmiles("amprenavir");
/** A macrocycle of 85 heavy atoms: its 3D build takes seconds even on an idle machine (amprenavir's, under one). */
const CICLOSPORIN = drugSmiles("ciclosporin");
const requireDockingPrograms = () => {
  requirePrograms("autodock-vina openbabel", "vina", "obabel");
  requireRDKitPython();
};
const IBUPROFEN = "CC(C)Cc1ccc(cc1)C(C)C(=O)O";
const INDINAVIR =
  "CC(C)(C)NC(=O)[C@@H]1CN(CC2=CN=CC=C2)CCN1C[C@@H](O)C[C@@H](CC1=CC=CC=C1)C(=O)N[C@@H]1[C@H](O)CC2=C1C=CC=C2";

describe("structure handling", () => {
  it("finds indinavir (MK1) as 1HSG's ligand and centres a 22 Å box on it", () => {
    const text = readFileSync(PDB_PATH, "utf8");
    const [ligand] = ligandCandidates(readAtoms(text));
    expect(ligand?.residueName).toBe("MK1");
    expect(ligand?.atoms).toHaveLength(45);
    const box = resolveBox(text, { kind: "ligand" });
    expect(box.size).toEqual([22, 22, 22]);
    expect(box.center[0]).toBeCloseTo(13.1, 0);
    expect(box.center[1]).toBeCloseTo(22.5, 0);
    expect(box.center[2]).toBeCloseTo(5.6, 0);
  });

  it("strips waters and hetero groups but keeps both chains; boxes a residue list", () => {
    const text = readFileSync(PDB_PATH, "utf8");
    const protein = stripToProtein(text);
    expect(protein).not.toMatch(/HOH|MK1/);
    expect(new Set(readAtoms(protein).map((a) => a.chain))).toEqual(new Set(["A", "B"]));
    const box = resolveBox(text, { kind: "residues", residues: ["A:25", "B:ASP25"], padding: 8 });
    expect(box.size.every((s) => s > 16)).toBe(true);
    expect(() => resolveBox(text, { kind: "residues", residues: ["Z:999"] })).toThrow(/None of the residues/);
  });

  it("scores Vina 1.2.3's modes as --score_only scores the best pose, whatever the start conformer's rings", () => {
    // Vina 1.2.3's REMARKs for nelfinavir docked into 1OHR from one ETKDG ring conformer (best pose 1.4 Å from the
    // crystal). It reported −19.637 for mode 1; `vina --score_only` on that pose gives −10.795 kcal/mol.
    const remarks = (result: string, total: string, inter: string, intra: string) =>
      `REMARK VINA RESULT: ${result}\nREMARK INTER + INTRA: ${total}\nREMARK INTER: ${inter}\nREMARK INTRA: ${intra}\nREMARK UNBOUND: 13.116\n`;
    const out =
      `MODEL 1\n${remarks("-19.637 0.000 0.000", "-19.148", "-17.737", "-1.411")}ENDMDL\n` +
      `MODEL 2\n${remarks("-19.302 2.004 9.612", "-18.598", "-16.970", "-1.628")}ENDMDL\n`;
    const [best, second] = parseVinaModes(out);
    expect(best).toEqual({ mode: 1, affinity: -10.795, rmsd_lb: 0, rmsd_ub: 0 });
    // Vina 1.1.2's rule for the other modes: the best mode's INTRA subtracted, (−18.598 + 1.411) × 0.60862.
    expect(second!.affinity).toBeCloseTo(-10.46, 2);
  });

  it("reads every mode of an output without intramolecular REMARKs (Vina 1.1.2) as reported", () => {
    const out =
      "MODEL 1\nREMARK VINA RESULT:    -6.990      0.000      0.000\nENDMDL\nMODEL 2\nREMARK VINA RESULT:    -6.603      4.376      8.733\nENDMDL\n";
    expect(parseVinaModes(out)).toEqual([
      { mode: 1, affinity: -6.99, rmsd_lb: 0, rmsd_ub: 0 },
      { mode: 2, affinity: -6.603, rmsd_lb: 4.376, rmsd_ub: 8.733 },
    ]);
  });

  it("names the Debian package when a program is missing", async () => {
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      await expect(runProgram("vina", ["--version"])).rejects.toThrow(MissingBinaryError);
      await expect(runProgram("obabel", ["-V"])).rejects.toThrow(/apt-get install -y openbabel/);
    } finally {
      process.env.PATH = path;
    }
  });

  it("runs Vina with glibc's huge-page malloc, after the operator's own tunables, and other programs as they are", () => {
    const operator = { PATH: "/usr/bin", GLIBC_TUNABLES: "glibc.malloc.arena_max=2" };
    expect(programEnvironment("vina", operator)).toEqual({
      PATH: "/usr/bin",
      GLIBC_TUNABLES: "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1",
    });
    expect(programEnvironment("vina", { PATH: "/usr/bin" }).GLIBC_TUNABLES).toBe("glibc.malloc.hugetlb=1");
    expect(programEnvironment("obabel", operator)).toEqual(operator);
  });
});

describe("persistent docking cache", () => {
  it("keeps results on disk for a later process, and treats an unreadable entry as a miss", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sieve-dock-cache-"));
    try {
      const key = dockingCacheKey({
        receptorSha256: "ab".repeat(32),
        smiles: IBUPROFEN,
        box: { center: [1, 2, 3], size: [20, 20, 20] },
        params: { exhaustiveness: 2, seed: 42, num_modes: 9, cpu: 1 },
        conformers: 1,
        version: "vina 1.2.3",
        method: SEARCH_METHOD,
      });
      const result = {
        smiles: IBUPROFEN,
        affinity: -6.4,
        modes: [{ mode: 1, affinity: -6.4, rmsd_lb: 0, rmsd_ub: 0 }],
        pose_pdbqt: "MODEL 1\nENDMDL\n",
        conformer: { index: 1, of: 1, affinities: [-6.4] },
        placement: { method: "search" as const },
        seconds: 3.2,
      };
      expect(await new FileDockingCache(dir).get(key)).toBeNull();
      await new FileDockingCache(dir).set(key, result);
      // A fresh instance has nothing in memory: the value comes from the file.
      expect(await new FileDockingCache(dir).get(key)).toEqual(result);
      writeFileSync(join(dir, key.slice(0, 2), `${key}.json`), "{truncated");
      expect(await new FileDockingCache(dir).get(key)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("implausible docking scores", () => {
  it("flags scores beyond Kuntz's limits (−15 kcal/mol overall, −1.5 per heavy atom) and passes ordinary ones", () => {
    // Warfarin (23 heavy atoms) once scored −17.97 kcal/mol; its usual pose scores about −9.
    expect(implausibleAffinity(-17.97, 23)).toMatch(/beyond the -15 kcal\/mol/);
    expect(implausibleAffinity(-9.2, 23)).toBeNull();
    // Four heavy atoms cannot hold −7 kcal/mol, although −7 is unremarkable for a drug.
    expect(implausibleAffinity(-7, 4)).toMatch(/-1\.75 per atom/);
    expect(implausibleAffinity(-7, 20)).toBeNull();
  });

  it("counts the heavy atoms of an Open Babel ligand, not its polar hydrogens", async () => {
    requireDockingPrograms();
    const paracetamol = await prepareLigand("CC(=O)Nc1ccc(O)cc1");
    expect(paracetamol).toMatch(/ HD\s*$/m);
    expect(heavyAtomCount(paracetamol)).toBe(11); // C8H9NO2
    // At pH 7.4 ibuprofen is a carboxylate: no polar hydrogen left.
    const ibuprofen = await prepareLigand(IBUPROFEN);
    expect(ibuprofen).not.toMatch(/ HD\s*$/m);
    expect(heavyAtomCount(ibuprofen)).toBe(15); // C13H17O2−
  });

  /** Each attempt docks one set of conformers, scoring as given. */
  const attemptScoring = (sets: number[][]) => {
    let calls = 0;
    const attempt = async (): Promise<DockingAttempt[]> =>
      sets[calls++]!.map((affinity, i) => ({
        modes: [{ mode: 1, affinity, rmsd_lb: 0, rmsd_ub: 0 }],
        posesPdbqt: `attempt ${calls} conformer ${i + 1}`,
        heavyAtoms: 23,
      }));
    return { attempt, calls: () => calls };
  };

  it("docks a fresh conformer after an implausible score and keeps the plausible one", async () => {
    const run = attemptScoring([[-17.97], [-9.2], [-9.0]]);
    const best = await dockUntilPlausible("warfarin", run.attempt);
    expect(best.docked.modes[0]!.affinity).toBe(-9.2);
    expect(run.calls()).toBe(2);
  });

  it("keeps the best-scoring plausible conformer of a set, passing over an implausible one", async () => {
    const run = attemptScoring([[-8.1, -17.97, -9.4, -9.0]]);
    const best = await dockUntilPlausible("warfarin", run.attempt);
    expect(best.docked.posesPdbqt).toBe("attempt 1 conformer 3");
    expect([best.index, best.of, best.affinities]).toEqual([2, 4, [-8.1, -17.97, -9.4, -9.0]]);
    expect(run.calls()).toBe(1);
  });

  it("fails the ligand with every reason when each conformer scores implausibly", async () => {
    const run = attemptScoring([[-17.97], [-22.9], [-16.1], [-9]]);
    await expect(dockUntilPlausible("warfarin", run.attempt)).rejects.toThrow(
      /implausible scores with 3 sets of conformers \(seeds 42–44\).*-17\.97.*-22\.9.*-16\.1/,
    );
    expect(run.calls()).toBe(CONFORMER_ATTEMPTS);
  });

  it("shares the exhaustiveness among the start conformers, one search each at least", () => {
    expect(exhaustivenessPerConformer(8, 1)).toBe(8);
    expect(exhaustivenessPerConformer(8, 4)).toBe(2);
    expect(exhaustivenessPerConformer(2, 3)).toBe(1);
    expect(exhaustivenessPerConformer(3, 2)).toBe(2);
  });
});

/** A docking oracle on 1HSG that searches briefly (16 Å box, exhaustiveness 1, 3 modes), with the test's options. */
const quickOracle = async (options: Partial<DockingOracleOptions>) =>
  DockingOracle.create({
    receptor: readFileSync(PDB_PATH, "utf8"),
    format: "pdb",
    box: { kind: "ligand", size: 16 },
    params: { exhaustiveness: 1, num_modes: 3 },
    ...options,
  });

describe("docking oracle on 1HSG", () => {
  beforeAll(() => requireDockingPrograms());
  it(
    "docks ibuprofen with a fixed seed, returns every mode and a pose, and caches the result",
    { timeout: 120_000 },
    async () => {
      const cache = new MemoryDockingCache();
      const oracle = await quickOracle({ cache });
      try {
        const first = await oracle.dock(IBUPROFEN);
        expect(first.cached).toBe(false);
        expect(first.affinity).toBeLessThan(-4);
        expect(first.affinity).toBeGreaterThan(-10);
        expect(first.modes[0]!.affinity).toBe(first.affinity);
        expect(first.modes.length).toBeGreaterThanOrEqual(1);
        expect(first.pose_pdbqt).toMatch(/^MODEL 1/);
        expect(first.pose_pdbqt).toMatch(/ENDMDL\s*$/);
        const again = await oracle.dock(IBUPROFEN);
        expect(again.cached).toBe(true);
        expect(again.affinity).toBe(first.affinity);
        const score = await oracle.score(IBUPROFEN);
        expect(score.value).toBe(first.affinity);
        expect(score.details?.cached).toBe(true);
        // The box is drawn around indinavir, so each pose is compared with indinavir's interactions.
        expect(oracle.interactions?.ligand).toBe("MK1:B:902");
        expect(score.details?.interaction_similarity).toBeGreaterThan(0);
        expect(score.details?.interaction_similarity).toBeLessThan(1);
      } finally {
        await oracle.close();
      }
    },
  );

  it(
    "builds the same conformer of indinavir on every call, and builds amprenavir, which Open Babel's --gen3d gave up on",
    { timeout: 400_000 },
    async () => {
      // Open Babel's --gen3d is seeded from the clock: its indinavir PDBQT differed on every call, and so did the score.
      const [first, second] = [await prepareLigand(INDINAVIR), await prepareLigand(INDINAVIR)];
      expect(second).toBe(first);
      expect(await prepareLigand(INDINAVIR, undefined, 120_000, 43)).not.toBe(first);
      const pdbqt = await prepareLigand(AMPRENAVIR, undefined, 300_000);
      const atoms = pdbqt.split("\n").filter((line) => line.startsWith("ATOM"));
      expect(heavyAtomCount(pdbqt)).toBe(35);
      expect(atoms.some((line) => Number(line.slice(30, 38)) !== 0)).toBe(true);
    },
  );

  it("builds the same ligand files from two atom orderings of one molecule", { timeout: 120_000 }, async () => {
    // The same indinavir, written from another atom: its conformer (and Vina score: −10.55 against −12.97 kcal/mol)
    // used to depend on the writing, since ETKDG's random draws follow the atom order.
    const rewritten =
      "O[C@@H](C[C@H](C(N[C@@H]1[C@@H](Cc2c1cccc2)O)=O)Cc1ccccc1)CN1CCN(C[C@H]1C(=O)NC(C)(C)C)Cc1cccnc1";
    const [canonical, other] = await Promise.all([
      prepareLigandConformers(INDINAVIR, { count: 3 }),
      prepareLigandConformers(rewritten, { count: 3 }),
    ]);
    expect(canonical.length).toBeGreaterThan(1);
    expect(other).toEqual(canonical);
    expect(new Set(canonical).size).toBe(canonical.length);
    expect(await prepareLigand(rewritten)).toBe(await prepareLigand(INDINAVIR));
  });

  it("docks one start conformer per ring conformation, and one for a molecule without a flexible ring", async () => {
    // Vina turns every rotatable bond itself and keeps rings as given: ibuprofen's conformers would start one search.
    expect(await prepareLigandConformers(IBUPROFEN, { count: 3 })).toHaveLength(1);
    const nelfinavir = await prepareLigandConformers(drugSmiles("nelfinavir"), { count: 2 });
    expect(new Set(nelfinavir).size).toBe(2);
  });

  it("prepares a receptor once and reuses it from the cache folder in later jobs", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sieve-receptor-cache-"));
    try {
      const create = () =>
        DockingOracle.create({
          receptor: readFileSync(PDB_PATH, "utf8"),
          format: "pdb",
          box: { kind: "ligand" },
          receptorCacheDir: dir,
        });
      await (await create()).close();
      const [file] = readdirSync(join(dir, "receptors"));
      const path = join(dir, "receptors", file!);
      expect(readFileSync(path, "utf8")).toMatch(/^ATOM/m);
      writeFileSync(path, `${readFileSync(path, "utf8")}REMARK kept\n`);
      await (await create()).close();
      expect(readFileSync(path, "utf8")).toMatch(/REMARK kept\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(
    "places an analog on its parent's docked pose by their common core, and searches for an unrelated molecule",
    { timeout: 240_000 },
    async () => {
      const oracle = await quickOracle({ cache: new MemoryDockingCache(), tetherAnalogs: true });
      const dir = mkdtempSync(join(tmpdir(), "sieve-tether-test-"));
      try {
        // A hit is searched for, then scored in place like its analogs; the search's own number is kept beside it.
        const searched = await oracle.dock(IBUPROFEN);
        const hit = await oracle.score(IBUPROFEN);
        expect(hit.details).toMatchObject({ placement: { method: "search" }, search_affinity: searched.affinity });
        const parent = { affinity: hit.value!, pose_pdbqt: hit.details!.pose_pdbqt as string };
        const reference = { smiles: IBUPROFEN, pose_pdbqt: parent.pose_pdbqt };
        const receptor = join(dir, "receptor.pdbqt");
        writeFileSync(receptor, await prepareReceptor(readFileSync(PDB_PATH, "utf8"), "pdb"));
        const methylEster = "CC(C)Cc1ccc(cc1)C(C)C(=O)OC";
        const placed = await placeOnReference(methylEster, reference, receptor, { seed: 42 });
        expect(placed.placement).toMatchObject({ method: "tethered", core_atoms: 15, heavy_atoms: 16 });
        // Every atom of the parent's pose has its counterpart in the analog where the parent had it.
        const heavy = (pdbqt: string) =>
          pdbqt
            .split("\n")
            .filter((line) => /^(ATOM|HETATM)/.test(line) && !/\b(H|HD)\s*$/.test(line))
            .map((line) => [30, 38, 46].map((at) => Number(line.slice(at, at + 8))));
        const analogAtoms = heavy(placed.pdbqt);
        for (const atom of heavy(parent.pose_pdbqt))
          expect(
            Math.min(...analogAtoms.map((other) => Math.hypot(...atom.map((v, i) => v - other[i]!)))),
          ).toBeLessThan(0.05);

        // The hit placed on its own pose scores what it scored in place: one scale for the whole series.
        const itself = await oracle.dockOnReference(IBUPROFEN, reference);
        expect(Math.abs(itself.affinity - parent.affinity)).toBeLessThan(0.3);
        const tethered = await oracle.score(methylEster, undefined, reference);
        expect(tethered.details?.placement).toMatchObject({ method: "tethered", parent: IBUPROFEN, core_atoms: 15 });
        expect(tethered.value).toBeLessThan(-4);
        expect(Math.abs(tethered.value! - parent.affinity)).toBeLessThan(2);
        expect((await oracle.score(methylEster, undefined, reference)).details?.cached).toBe(true);

        // A pyridyl for the phenyl keeps its place: the common core matches any element.
        const pyridyl = await placeOnReference("CC(C)Cc1ccc(cn1)C(C)C(=O)O", reference, receptor, { seed: 42 });
        expect(pyridyl.placement).toMatchObject({ core_atoms: 15, heavy_atoms: 15 });

        const amantadine = await oracle.score("NC12CC3CC(CC(C3)C1)C2", undefined, reference);
        expect(amantadine.details?.placement).toEqual({
          method: "search",
          reason: expect.stringMatching(/^shares \d of its 11 heavy atoms with its parent$/),
        });
        expect(amantadine.value).toBeLessThan(-3);
      } finally {
        rmSync(dir, { recursive: true, force: true });
        await oracle.close();
      }
    },
  );

  it(
    "reads the parent's pose by bond lengths and stereocentres, whatever its atom order, and builds changed elements at their own bond length",
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "sieve-tether-geometry-"));
      try {
        const receptor = join(dir, "receptor.pdbqt");
        writeFileSync(receptor, await prepareReceptor(readFileSync(PDB_PATH, "utf8"), "pdb"));
        const atomsOf = (pdbqt: string) =>
          pdbqt
            .split("\n")
            .filter((line) => /^(ATOM|HETATM)/.test(line))
            .map((line) => ({
              type: line.slice(77).trim(),
              at: [30, 38, 46].map((from) => Number(line.slice(from, from + 8))),
            }));
        const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]!));
        const hydroxylOxygens = (pdbqt: string) => {
          const atoms = atomsOf(pdbqt);
          return atoms
            .filter((o) => o.type === "OA" && atoms.some((h) => h.type === "HD" && distance(o.at, h.at) < 1.1))
            .map((o) => o.at);
        };
        // A hydroxy ketone: matched on elements and connectivity alone, the pose's C=O and C–OH can swap places.
        const parent = "CC(O)CC(C)=O";
        const [pose] = await prepareLigandConformers(parent);
        const lines = pose!.split("\n");
        const reversed = [
          ...lines.filter((l) => !/^(ATOM|HETATM)/.test(l)),
          ...lines.filter((l) => /^(ATOM|HETATM)/.test(l)).reverse(),
        ];
        for (const ordered of [pose!, reversed.join("\n")]) {
          const placed = await placeOnReference("CCC(O)CC(C)=O", { smiles: parent, pose_pdbqt: ordered }, receptor, {
            seed: 42,
          });
          const [hydroxyl] = hydroxylOxygens(ordered);
          const placedHydroxyl = hydroxylOxygens(placed.pdbqt);
          expect(placedHydroxyl.some((at) => distance(at, hydroxyl!) < 0.05)).toBe(true);
        }

        // An analog whose stereocentre a mutation left unassigned keeps the whole core (and the parent's configuration).
        const chiral = "CC(C)Cc1ccc(cc1)[C@H](C)C(=O)O";
        const [chiralPose] = await prepareLigandConformers(chiral);
        const unassigned = await placeOnReference(
          "CC(C)Cc1ccc(cc1)C(C)C(=O)OC",
          { smiles: chiral, pose_pdbqt: chiralPose! },
          receptor,
          { seed: 42 },
        );
        expect(unassigned.placement).toMatchObject({ core_atoms: 15, fixed_atoms: 15, heavy_atoms: 16 });
        // It was scored as the parent's (S) configuration's ester, and says so.
        expect(unassigned.placement.scored_as).toBe("COC(=O)[C@@H](C)c1ccc(CC(C)C)cc1");

        // An inverted centre cannot be built on the parent's coordinates: the analog, built free with its own
        // configuration, is pulled onto the core instead of being searched for.
        const inverted = await placeOnReference(
          "CC(C)Cc1ccc(cc1)[C@@H](C)C(=O)OC",
          { smiles: chiral, pose_pdbqt: chiralPose! },
          receptor,
          { seed: 42 },
        );
        expect(inverted.placement).toMatchObject({ core_atoms: 15, fixed_atoms: 0, heavy_atoms: 16 });
        expect(inverted.placement.pulled_core_rmsd).toBeLessThan(1);
        expect(inverted.placement.scored_as).toBe("COC(=O)[C@H](C)c1ccc(CC(C)C)cc1");

        // A bromine where the parent had a fluorine is built at a C–Br bond length, not left at the C–F distance.
        const fluoro = "OC(=O)Cc1ccc(F)cc1";
        const [fluoroPose] = await prepareLigandConformers(fluoro);
        const bromo = await placeOnReference(
          "OC(=O)Cc1ccc(Br)cc1",
          { smiles: fluoro, pose_pdbqt: fluoroPose! },
          receptor,
          {
            seed: 42,
          },
        );
        expect(bromo.placement).toMatchObject({ core_atoms: 11, fixed_atoms: 10, heavy_atoms: 11 });
        const atoms = atomsOf(bromo.pdbqt);
        const bromine = atoms.find((a) => a.type === "Br")!;
        const nearestCarbon = Math.min(...atoms.filter((a) => a.type === "A").map((c) => distance(c.at, bromine.at)));
        expect(nearestCarbon).toBeGreaterThan(1.8);
        expect(nearestCarbon).toBeLessThan(2.0);

        // A parent pose with a stretched bond (its C–N 1.78 Å, still read as a bond): the analog is not built with the
        // stretch its fixed core would impose, but pulled onto the core with its own C–N length.
        const amine = "NCc1ccc(CC(C)C)cc1";
        const [aminePose] = await prepareLigandConformers(amine);
        const poseLines = aminePose!.split("\n");
        const atomLines = atomsOf(aminePose!);
        const nitrogen = atomLines.find((a) => a.type === "N")!;
        const carbon = atomLines
          .filter((a) => a.type === "C")
          .reduce((near, c) => (distance(c.at, nitrogen.at) < distance(near.at, nitrogen.at) ? c : near));
        const shift = nitrogen.at.map((v, i) => (v - carbon.at[i]!) * (1.78 / distance(nitrogen.at, carbon.at) - 1));
        const coordinate = (v: number) => v.toFixed(3).padStart(8);
        let atomIndex = -1;
        const stretched = poseLines
          .map((line) => {
            if (!/^(ATOM|HETATM)/.test(line)) return line;
            const atom = atomLines[++atomIndex]!;
            // The nitrogen and its hydrogens (HD, within 1.1 Å of it) move together.
            if (atom !== nitrogen && !(atom.type === "HD" && distance(atom.at, nitrogen.at) < 1.1)) return line;
            return line.slice(0, 30) + atom.at.map((v, i) => coordinate(v + shift[i]!)).join("") + line.slice(54);
          })
          .join("\n");
        const methylated = await placeOnReference(
          "CNCc1ccc(CC(C)C)cc1",
          { smiles: amine, pose_pdbqt: stretched },
          receptor,
          { seed: 42 },
        );
        expect(methylated.placement).toMatchObject({ fixed_atoms: 0, heavy_atoms: 13 });
        const placedAtoms = atomsOf(methylated.pdbqt);
        const placedNitrogen = placedAtoms.find((a) => a.type === "N" || a.type === "NA")!;
        const carbonNeighbours = placedAtoms
          .filter((a) => a.type === "C")
          .map((c) => distance(c.at, placedNitrogen.at));
        expect(Math.min(...carbonNeighbours)).toBeLessThan(1.6);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    "places an analog on the largest core its common-core search found when the search is stopped, or on a given core",
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "sieve-tether-core-"));
      try {
        const receptor = join(dir, "receptor.pdbqt");
        writeFileSync(receptor, await prepareReceptor(readFileSync(PDB_PATH, "utf8"), "pdb"));
        // A generated amprenavir analog and its own analog (a sulfur in the tetrahydrofuran's ring): FMCS needs over
        // 10 s to prove the 29-atom core maximal, and finds it in under 1 s.
        const parent = "CCC1C(c2ccccc2)C(NC(=O)OC2CCOC2)OCN1S(=O)(=O)c1ccc(N)cc1";
        const [pose] = await prepareLigandConformers(parent);
        const placed = await placeOnReference(
          "CCC1C(c2ccccc2)C(NC(=O)OC2COCCS2)OCN1S(=O)(=O)c1ccc(N)cc1",
          { smiles: parent, pose_pdbqt: pose! },
          receptor,
          { seed: 42 },
        );
        expect(placed.placement).toMatchObject({ method: "tethered", heavy_atoms: 34 });
        // A loaded machine may stop the search before it reaches all 29 atoms; any core of half the analog is placed.
        expect(placed.placement.core_atoms).toBeGreaterThanOrEqual(17);
        expect(placed.placement.core_atoms).toBeLessThanOrEqual(29);

        // A core the caller found (lead optimization's, from RDKit's WebAssembly FMCS) is used as given.
        const [ibuprofenPose] = await prepareLigandConformers(IBUPROFEN);
        const given = await placeOnReference(
          "CC(C)Cc1ccc(cc1)C(C)C(=O)OC",
          {
            smiles: IBUPROFEN,
            pose_pdbqt: ibuprofenPose!,
            core_smarts: "[#6]-[#6](-[#6])-[#6]-c1ccc(cc1)-[#6](-[#6])-[#6]",
          },
          receptor,
          { seed: 42 },
        );
        expect(given.placement).toMatchObject({ core_atoms: 13, fixed_atoms: 13, heavy_atoms: 16 });

        // A butynyl for amprenavir's isobutyl: the nitrogen's fixed neighbour keeps an sp3 angle the alkyne cannot
        // take, so ETKDG builds the core atoms next to the change on its second attempt.
        const stereoFree = "CC(C)CN(CC(O)C(Cc1ccccc1)NC(=O)OC1CCOC1)S(=O)(=O)c1ccc(N)cc1";
        const [amprenavirPose] = await prepareLigandConformers(stereoFree);
        const alkyne = await placeOnReference(
          "CCC#CN(CC(O)C(Cc1ccccc1)NC(=O)OC1CCOC1)S(=O)(=O)c1ccc(N)cc1",
          { smiles: stereoFree, pose_pdbqt: amprenavirPose! },
          receptor,
          { seed: 42 },
        );
        expect(alkyne.placement).toMatchObject({ core_atoms: 32, heavy_atoms: 35 });
        expect(alkyne.placement.fixed_atoms).toBeLessThan(32);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    "says a ligand's 3D build timed out, after how long and why that limit",
    {
      timeout: 120_000,
    },
    async () => {
      const oracle = await quickOracle({
        cache: new MemoryDockingCache(),
        timeLimit: () => ({ seconds: 1, basis: "1 s + 0 s × 16 rotatable bonds" }),
      });
      try {
        const timedOut = await oracle.score(CICLOSPORIN);
        expect(timedOut.value).toBeNull();
        expect(timedOut.error).toBe(
          "3D build (RDKit ETKDG) timed out after 1 s (the limit for this ligand: 1 s + 0 s × 16 rotatable bonds)",
        );
      } finally {
        await oracle.close();
      }
    },
  );
});

describe("program failures", () => {
  it("refuse a ligand Open Babel left at the origin, quoting its message", () => {
    // What Open Babel 3.1.1 sometimes prints for amprenavir (exit code 0): a PDBQT with every atom at (0, 0, 0).
    const atom = (n: number) =>
      `ATOM  ${String(n).padStart(5)}  C   UNL     1       0.000   0.000   0.000  0.00  0.00    +0.000 C `;
    expect(() =>
      assertLigandBuilt(
        `REMARK  16 active torsions:\n${atom(1)}\n${atom(2)}\n`,
        "==============================\n*** Open Babel Error  in Do\n  3D coordinate generation failed\n1 molecule converted\n",
      ),
    ).toThrow("Open Babel could not build 3D coordinates (3D coordinate generation failed)");
    const placed = `${atom(1)}\n${atom(2).replace("   0.000   0.000   0.000", "   1.200   0.000   0.000")}\n`;
    expect(() => assertLigandBuilt(placed, "1 molecule converted")).not.toThrow();
  });

  it("quote the program's own error lines, without Open Babel's conversion tally", () => {
    const error = new ProgramFailedError("obabel", 1, {
      stdout: "",
      stderr:
        "==============================\n*** Open Babel Error  in ParseSimple\n  SMILES string contains a character 'X' which is invalid\n0 molecules converted\n",
    });
    expect(error.message).toBe(
      "obabel failed (exit code 1): *** Open Babel Error  in ParseSimple SMILES string contains a character 'X' which is invalid",
    );
    expect(new ProgramFailedError("vina", 1, { stdout: "", stderr: "" }).message).toBe(
      "vina failed (exit code 1): it printed no error message",
    );
  });
});
