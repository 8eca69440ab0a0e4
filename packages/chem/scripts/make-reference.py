"""Reference descriptor values from RDKit Python, for the tests of packages/chem.

Run with the Debian interpreter that has python3-rdkit (RDKit 2022.09):

    /usr/bin/python3 packages/chem/scripts/make-reference.py
        reads  packages/chem/test/reference-molecules.smi (SMILES<TAB>name, '#' comments)
        writes packages/chem/test/reference-values.json

    /usr/bin/python3 packages/chem/scripts/make-reference.py --stdin [--time] [--no-sa] [--no-qed-properties]
        reads one SMILES per line on stdin and prints the same JSON on stdout; the tests use
        this on samples of the shared data sets, and bench/chem uses --time, which adds the
        wall and CPU seconds spent computing (parsing included, interpreter start and I/O excluded), with
        --no-qed-properties so that QED is computed once, as our code does.

The values come from RDKit only, never from our code: the point is an independent reference.
"""
import argparse
import json
import os
import sys
import time

from rdkit import Chem, RDConfig, rdBase
from rdkit.Chem import QED, Crippen, Descriptors, Lipinski
from rdkit.Chem import rdMolDescriptors as rdmd

sys.path.append(os.path.join(RDConfig.RDContribDir, "SA_Score"))
import sascorer  # noqa: E402  (RDKit Contrib, located through RDConfig)

# The exact RDKit function behind every field, recorded in the JSON next to the values.
FUNCTIONS = {
    "smiles": "Chem.MolToSmiles",
    "formula": "rdMolDescriptors.CalcMolFormula",
    "mw": "Descriptors.MolWt",
    "exact_mw": "Descriptors.ExactMolWt",
    "logp": "Crippen.MolLogP",
    "tpsa": "rdMolDescriptors.CalcTPSA",
    "hbd": "rdMolDescriptors.CalcNumHBD",
    "hba": "rdMolDescriptors.CalcNumHBA",
    "lipinski_hbd": "Lipinski.NHOHCount",
    "lipinski_hba": "Lipinski.NOCount",
    "rotatable_bonds": "rdMolDescriptors.CalcNumRotatableBonds (Default = Strict)",
    "rings": "rdMolDescriptors.CalcNumRings",
    "aromatic_rings": "rdMolDescriptors.CalcNumAromaticRings",
    "heavy_atoms": "mol.GetNumHeavyAtoms()",
    "fraction_csp3": "rdMolDescriptors.CalcFractionCSP3",
    "qed": "QED.qed (WEIGHT_MEAN)",
    "qed_properties": "QED.properties (MW, ALOGP, HBA, HBD, PSA, ROTB, AROM, ALERTS)",
    "sa_score": "Contrib/SA_Score/sascorer.calculateScore",
}


def describe(mol, with_sa, with_qed_properties):
    calculators = {
        "smiles": Chem.MolToSmiles,
        "formula": rdmd.CalcMolFormula,
        "mw": Descriptors.MolWt,
        "exact_mw": Descriptors.ExactMolWt,
        "logp": Crippen.MolLogP,
        "tpsa": rdmd.CalcTPSA,
        "hbd": rdmd.CalcNumHBD,
        "hba": rdmd.CalcNumHBA,
        "lipinski_hbd": Lipinski.NHOHCount,
        "lipinski_hba": Lipinski.NOCount,
        "rotatable_bonds": rdmd.CalcNumRotatableBonds,
        "rings": rdmd.CalcNumRings,
        "aromatic_rings": rdmd.CalcNumAromaticRings,
        "heavy_atoms": lambda m: m.GetNumHeavyAtoms(),
        "fraction_csp3": rdmd.CalcFractionCSP3,
        "qed": QED.qed,
    }
    if with_qed_properties:
        calculators["qed_properties"] = lambda m: {k: round(v, 6) for k, v in QED.properties(m)._asdict().items()}
    if with_sa:
        calculators["sa_score"] = sascorer.calculateScore
    values = {}
    for field, calculate in calculators.items():
        try:
            value = calculate(mol)
        except Exception as error:  # a reference that cannot be computed is recorded as such
            values[field] = None
            values.setdefault("errors", {})[field] = str(error)
            continue
        values[field] = round(value, 6) if isinstance(value, float) else value
    return values


def reference(entries, with_sa, with_qed_properties):
    """entries: (name or None, smiles) pairs; returns the records, and the wall and CPU seconds spent."""
    if with_sa:
        sascorer.readFragmentScores()  # loaded lazily on first use otherwise; kept out of the timing
    records = []
    started, cpu_started = time.perf_counter(), time.process_time()
    for name, smiles in entries:
        record = {"smiles_in": smiles} if name is None else {"name": name, "smiles_in": smiles}
        mol = Chem.MolFromSmiles(smiles)
        if mol is None:
            record["error"] = "RDKit could not parse the SMILES"
        else:
            record.update(describe(mol, with_sa, with_qed_properties))
        records.append(record)
    return records, time.perf_counter() - started, time.process_time() - cpu_started


def read_smi(path):
    entries = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            smiles, name = line.split("\t", 1)
            entries.append((name, smiles))
    return entries


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stdin", action="store_true", help="read SMILES from stdin, print JSON on stdout")
    parser.add_argument("--time", action="store_true", help="report the seconds spent computing")
    parser.add_argument("--no-sa", action="store_true", help="skip the SA score")
    parser.add_argument("--no-qed-properties", action="store_true", help="skip QED.properties (QED itself is kept)")
    args = parser.parse_args()
    rdBase.DisableLog("rdApp.*")

    here = os.path.dirname(os.path.abspath(__file__))
    if args.stdin:
        entries = [(None, line.strip()) for line in sys.stdin if line.strip()]
    else:
        entries = read_smi(os.path.join(here, "..", "test", "reference-molecules.smi"))
    records, seconds, cpu_seconds = reference(entries, not args.no_sa, not args.no_qed_properties)
    document = {
        "generator": "packages/chem/scripts/make-reference.py",
        "rdkit_version": rdBase.rdkitVersion,
        "functions": FUNCTIONS,
        "molecules": records,
    }
    if args.time:
        document["seconds"] = seconds
        document["cpu_seconds"] = cpu_seconds
    text = json.dumps(document, indent=None if args.stdin else 1) + "\n"
    if args.stdin:
        sys.stdout.write(text)
    else:
        with open(os.path.join(here, "..", "test", "reference-values.json"), "w", encoding="utf-8") as handle:
            handle.write(text)
        print(f"wrote {len(records)} reference molecules (RDKit {rdBase.rdkitVersion})")


if __name__ == "__main__":
    main()
