"""Reference values for @sieve/protein, computed by Biopython 1.80 (never by our own code).

Run with a Python that has Biopython (on Debian: the python3-biopython package):

    python3 packages/protein/scripts/make-reference.py
        reads  packages/protein/test/reference-sequences.fasta
        writes packages/protein/test/reference-values.json (committed)

    python3 make-reference.py --fasta FILE|- --out FILE|-
        the same for any FASTA; the tests use this at run time for shared data and seeded random
        sequences, whose values are not committed.

    python3 make-reference.py --pdb FILE
        prints the chains Biopython's PDBParser + PPBuilder and SEQRES reader find, as JSON.

Each value records the Biopython call behind it in "calls". Where Biopython refuses a sequence
(ambiguous letters B, Z, J, X), the error it raises is stored under "refused" instead of a value.
"""

import argparse
import json
import os
import sys
import warnings

import Bio
from Bio import SeqIO
from Bio.Data import IUPACData
from Bio.SeqUtils.ProtParam import ProteinAnalysis

HERE = os.path.dirname(os.path.abspath(__file__))
WATER = 18.0153  # the average water mass Bio.SeqUtils.molecular_weight subtracts per peptide bond

CALLS = {
    "molecular_weight": "ProteinAnalysis(seq).molecular_weight()  # = Bio.SeqUtils.molecular_weight(seq, 'protein')",
    "molecular_weight_average_mass": "sum(IUPACData.avg_extended_protein_weights[a] for a in seq) - (len(seq) - 1) * 18.0153"
    "  # only where molecular_weight() refuses B, Z, J or X",
    "isoelectric_point": "ProteinAnalysis(seq).isoelectric_point()  # = IsoelectricPoint(seq).pi()",
    "gravy": "ProteinAnalysis(seq).gravy()  # scale 'KyteDoolitle'",
    "instability_index": "ProteinAnalysis(seq).instability_index()",
    "aromaticity": "ProteinAnalysis(seq).aromaticity()",
    "extinction_coefficient": "ProteinAnalysis(seq).molar_extinction_coefficient()  # (reduced, cystines)",
    "counts": "ProteinAnalysis(seq).count_amino_acids()",
    "fractions": "ProteinAnalysis(seq).get_amino_acids_percent()  # fraction of len(seq), 0-1",
}


def attempt(compute):
    """Value of a Biopython call, or the error it raises (Biopython refuses letters it has no value for)."""
    try:
        return compute(), None
    except (KeyError, ValueError) as error:
        return None, f"{type(error).__name__}: {error}"


def reference_for(record):
    seq = str(record.seq).upper()
    analysis = ProteinAnalysis(seq)
    row = {"id": record.id, "description": record.description, "sequence": seq}
    refused = {}
    getters = {
        "molecular_weight": analysis.molecular_weight,
        "isoelectric_point": analysis.isoelectric_point,
        "gravy": analysis.gravy,
        "instability_index": analysis.instability_index,
        "aromaticity": analysis.aromaticity,
        "extinction_coefficient": lambda: dict(zip(("reduced", "cystines"), analysis.molar_extinction_coefficient())),
        "counts": analysis.count_amino_acids,
        "fractions": analysis.get_amino_acids_percent,
    }
    for name, compute in getters.items():
        value, error = attempt(compute)
        if error is None:
            row[name] = value
        else:
            refused[name] = error
    if "molecular_weight" in refused:
        weights = IUPACData.avg_extended_protein_weights
        row["molecular_weight_average_mass"] = sum(weights[a] for a in seq) - (len(seq) - 1) * WATER
    if refused:
        row["refused"] = refused
    return row


def pdb_chains(path):
    from Bio.PDB import PDBParser, PPBuilder

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PDBConstructionWarning for discontinuous chains is expected
        structure = PDBParser(QUIET=True).get_structure("upload", path)
    model = next(iter(structure))
    peptides = {}
    for chain in model:
        pieces = [str(pp.get_sequence()) for pp in PPBuilder().build_peptides(chain)]
        if pieces:
            peptides[chain.id] = pieces
    seqres = {rec.annotations["chain"]: str(rec.seq) for rec in SeqIO.parse(path, "pdb-seqres")}
    return {
        "calls": {
            "ppbuilder": "[str(pp.get_sequence()) for pp in PPBuilder().build_peptides(chain)] per chain of model 0",
            "seqres": "{rec.annotations['chain']: str(rec.seq) for rec in SeqIO.parse(path, 'pdb-seqres')}",
        },
        "biopython": Bio.__version__,
        "ppbuilder": peptides,
        "seqres": seqres,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fasta", default=os.path.join(HERE, "..", "test", "reference-sequences.fasta"))
    parser.add_argument("--out", default=os.path.join(HERE, "..", "test", "reference-values.json"))
    parser.add_argument("--pdb")
    args = parser.parse_args()

    if args.pdb:
        result = pdb_chains(args.pdb)
    else:
        handle = sys.stdin if args.fasta == "-" else open(args.fasta)
        with handle:
            rows = [reference_for(record) for record in SeqIO.parse(handle, "fasta")]
        result = {
            "generator": {
                "script": "packages/protein/scripts/make-reference.py",
                "biopython": Bio.__version__,
                "python": sys.version.split()[0],
            },
            "calls": CALLS,
            "sequences": rows,
        }
    text = json.dumps(result, indent=1) + "\n"
    if args.pdb or args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w") as out:
            out.write(text)


if __name__ == "__main__":
    main()
