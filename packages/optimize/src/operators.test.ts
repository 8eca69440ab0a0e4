import { beforeAll, describe, expect, it } from "vitest";
import { loadRDKit, type RDKitModule } from "@sieve/chem";
import { crossover, type Parent } from "./crossover";
import { applyEdit } from "./graph-edit";
import { readKekuleGraph, toMolblock, type MolGraph } from "./mol-graph";
import { mutateSmiles, MUTATION_TYPES, type MutationType } from "./mutations";
import { canonicalSmiles } from "./oracle";
import { Random } from "./random";
import { acceptChild, DEFAULT_CHILD_LIMITS, refusedRingShape } from "./validity";

const DRUGS = [
  "CC(C)Cc1ccc(cc1)C(C)C(=O)O", // ibuprofen
  "CC(=O)Nc1ccc(O)cc1", // paracetamol
  "CN1CCN(CC1)c1ccc(cc1)C(=O)Nc1ccccc1",
  "Cc1ccc(cc1)-c1cc(nn1-c1ccc(cc1)S(N)(=O)=O)C(F)(F)F", // celecoxib
  "CCOC(=O)C1=C(C)NC(C)=C(C1c1cccc(c1)[N+]([O-])=O)C(=O)OC", // nitrendipine
  "CCCCCCNC(=O)CCCCO", // open chains, where add_ring has room to act
];

let rdkit: RDKitModule;
beforeAll(async () => {
  rdkit = await loadRDKit();
});

interface Shape {
  heavyAtoms: number;
  rings: number;
}
function shape(smiles: string): Shape {
  const mol = rdkit.get_mol(smiles)!;
  const descriptors = JSON.parse(mol.get_descriptors()) as { NumHeavyAtoms: number; NumRings: number };
  mol.delete();
  return { heavyAtoms: descriptors.NumHeavyAtoms, rings: descriptors.NumRings };
}

/** A child must be one sanitised molecule, already in canonical form. */
function expectValidChild(child: string): void {
  expect(child).not.toContain(".");
  const mol = rdkit.get_mol(child);
  expect(mol?.is_valid()).toBe(true);
  expect(mol!.get_smiles()).toBe(child);
  mol!.delete();
}

/** What each mutation does to the heavy-atom and ring counts. */
const EXPECTED: Record<MutationType, (before: Shape, after: Shape) => boolean> = {
  insert_atom: (b, a) => a.heavyAtoms === b.heavyAtoms + 1,
  append_atom: (b, a) => a.heavyAtoms === b.heavyAtoms + 1,
  delete_atom: (b, a) => a.heavyAtoms < b.heavyAtoms,
  change_atom: (b, a) => a.heavyAtoms === b.heavyAtoms,
  change_bond_order: (b, a) => a.heavyAtoms === b.heavyAtoms,
  delete_cyclic_bond: (b, a) => a.heavyAtoms === b.heavyAtoms && a.rings === b.rings - 1,
  add_ring: (b, a) => a.heavyAtoms === b.heavyAtoms && a.rings === b.rings + 1,
};

describe("GB-GA mutations", () => {
  it.each(MUTATION_TYPES)("%s gives valid, different molecules with the expected change", (type) => {
    const random = new Random(11);
    let made = 0;
    for (const drug of DRUGS) {
      const parent = canonicalSmiles(rdkit, drug)!;
      for (let i = 0; i < 4; i++) {
        const mutant = mutateSmiles(rdkit, parent, random, DEFAULT_CHILD_LIMITS, type);
        if (!mutant) continue;
        made++;
        expect(mutant.type).toBe(type);
        expectValidChild(mutant.smiles);
        expect(mutant.smiles).not.toBe(parent);
        expect(EXPECTED[type](shape(parent), shape(mutant.smiles))).toBe(true);
      }
    }
    expect(made).toBeGreaterThan(5);
  });

  it("draws every mutation type when none is forced", () => {
    const random = new Random(5);
    const seen = new Set<MutationType>();
    for (let i = 0; i < 200 && seen.size < MUTATION_TYPES.length; i++) {
      const mutant = mutateSmiles(rdkit, DRUGS[i % DRUGS.length]!, random);
      if (mutant) seen.add(mutant.type);
    }
    expect([...seen].sort()).toEqual([...MUTATION_TYPES].sort());
  });

  it("is reproducible from the seed", () => {
    const run = () => {
      const random = new Random(99);
      return DRUGS.map((drug) => mutateSmiles(rdkit, drug, random)?.smiles ?? null);
    };
    expect(run()).toEqual(run());
  });
});

describe("GB-GA crossover", () => {
  it("gives valid children that differ from both parents", () => {
    const parents: Parent[] = DRUGS.map((drug) => {
      const smiles = canonicalSmiles(rdkit, drug)!;
      return { smiles, graph: readKekuleGraph(rdkit, smiles)! };
    });
    const random = new Random(3);
    let made = 0;
    for (let i = 0; i < 40; i++) {
      const a = parents[i % parents.length]!;
      const b = parents[(i * 3 + 1) % parents.length]!;
      const child = crossover(rdkit, a, b, random);
      if (!child) continue;
      made++;
      expectValidChild(child);
      expect(child).not.toBe(a.smiles);
      expect(child).not.toBe(b.smiles);
    }
    expect(made).toBeGreaterThan(30);
  });
});

describe("acceptChild", () => {
  const random = new Random(1);
  const chain = (n: number, extra: Partial<MolGraph> = {}): MolGraph => ({
    atoms: Array.from({ length: n }, () => ({ z: 6, charge: 0, isotope: 0, hydrogens: 0, radicals: 0 })),
    bonds: Array.from({ length: n - 1 }, (_, i) => ({ a: i, b: i + 1, order: 1 })),
    ...extra,
  });
  const ring = (n: number) => ({ ...chain(n), bonds: [...chain(n).bonds, { a: n - 1, b: 0, order: 1 }] });
  const loose = { ...DEFAULT_CHILD_LIMITS, sizeSd: 0 };

  it("accepts a plain molecule as canonical SMILES", () => {
    expect(acceptChild(rdkit, chain(8), random, loose)).toBe("CCCCCCCC");
    expect(acceptChild(rdkit, ring(6), random, loose)).toBe("C1CCCCC1");
  });

  it("refuses disconnected, over-bonded, charged, macrocyclic, ring-strained and oversized graphs", () => {
    const twoPieces = { ...chain(8), bonds: chain(8).bonds.filter((_, i) => i !== 3) };
    const pentavalent = { ...chain(8), bonds: [...chain(8).bonds, { a: 1, b: 3, order: 2 }, { a: 1, b: 5, order: 2 }] };
    const carbocation = chain(8);
    carbocation.atoms[2]!.charge = 1;
    const cyclopropene = {
      ...ring(3),
      atoms: [...ring(3).atoms, ...chain(5).atoms],
      bonds: [
        { a: 0, b: 1, order: 2 },
        { a: 1, b: 2, order: 1 },
        { a: 2, b: 0, order: 1 },
        ...chain(5).bonds.map((b) => ({ a: b.a + 3, b: b.b + 3, order: 1 })),
        { a: 2, b: 3, order: 1 },
      ],
    };
    for (const graph of [twoPieces, pentavalent, carbocation, ring(7), cyclopropene, chain(61), chain(5)]) {
      expect(acceptChild(rdkit, graph, random, loose)).toBeNull();
    }
  });

  it("applies GB-GA's size control: nothing at or above the drawn size", () => {
    expect(acceptChild(rdkit, chain(30), random, { ...DEFAULT_CHILD_LIMITS, sizeMean: 30, sizeSd: 0 })).toBeNull();
    expect(acceptChild(rdkit, chain(29), random, { ...DEFAULT_CHILD_LIMITS, sizeMean: 30, sizeSd: 0 })).not.toBeNull();
  });
});

describe("refusedRingShape", () => {
  const ringPatterns = ["[R]=[R]=[R]", "[r3,r4]=[r3,r4]", "[r{7-}]"];
  /** RDKit's own verdict: the molblock does not sanitise, or a ring pattern matches. */
  const rdkitRefuses = (graph: MolGraph): boolean => {
    const mol = rdkit.get_mol(toMolblock(graph)!);
    if (!mol) return true;
    try {
      if (!mol.is_valid()) return true;
      return ringPatterns.some((smarts) => {
        const query = rdkit.get_qmol(smarts)!;
        const matched = mol.get_substruct_match(query) !== "{}";
        query.delete();
        return matched;
      });
    } finally {
      mol.delete();
    }
  };

  it("refuses only graphs RDKit refuses, and most ring allenes and macrocycles the edits make", () => {
    // Random new bonds (single or double) between atoms of drug graphs close rings of every size
    // and cumulate double bonds, as crossover's ring joins and mutations do.
    const random = new Random(11);
    let refused = 0;
    let rdkitRefused = 0;
    for (const drug of DRUGS) {
      const parent = readKekuleGraph(rdkit, drug)!;
      for (let i = 0; i < 150; i++) {
        const a = random.int(parent.atoms.length);
        const b = random.int(parent.atoms.length);
        if (a === b || parent.bonds.some((bond) => (bond.a === a && bond.b === b) || (bond.a === b && bond.b === a)))
          continue;
        const child = applyEdit(parent, { addBonds: [[a, b, 1 + random.int(2)]] });
        const byRDKit = rdkitRefuses(child);
        if (refusedRingShape(child)) {
          refused++;
          expect(byRDKit, toMolblock(child)!).toBe(true);
        }
        if (byRDKit) rdkitRefused++;
      }
    }
    expect(refused).toBeGreaterThan(0.3 * rdkitRefused);
  });

  it("leaves aromatic rings, fused rings and rings of up to six atoms to RDKit", () => {
    for (const smiles of [...DRUGS, "c1ccc2ccccc2c1", "C1CC2CCC1CC2", "C1=CC=CC=C1", "C1CCCCC1"])
      expect(refusedRingShape(readKekuleGraph(rdkit, smiles)!), smiles).toBe(false);
    for (const smiles of ["C1CCCCCC1", "C1=C=CCCC1", "c1ccc2c(c1)CCCCCC2"])
      expect(refusedRingShape(readKekuleGraph(rdkit, smiles)!), smiles).toBe(true);
  });
});
