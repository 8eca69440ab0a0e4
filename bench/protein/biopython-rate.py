"""Times Biopython's ProtParam on the sequences of a FASTA file, for bench/protein/run.ts.

Computes the same quantities as analyzeProtein (composition, molecular weight, pI, GRAVY,
instability index, aromaticity, extinction coefficients) per sequence; reading the file is not timed.
Prints {"biopython", "sequences", "seconds"} as JSON.
"""

import json
import sys
import time

import Bio
from Bio import SeqIO
from Bio.SeqUtils.ProtParam import ProteinAnalysis


def analyse(seq):
    analysis = ProteinAnalysis(seq)
    analysis.count_amino_acids()
    analysis.get_amino_acids_percent()
    analysis.molecular_weight()
    analysis.isoelectric_point()
    analysis.gravy()
    analysis.instability_index()
    analysis.aromaticity()
    analysis.molar_extinction_coefficient()


def main():
    sequences = [str(record.seq) for record in SeqIO.parse(sys.argv[1], "fasta")]
    analyse(sequences[0])  # warm-up: imports and first-call costs
    start = time.perf_counter()
    for seq in sequences:
        analyse(seq)
    seconds = time.perf_counter() - start
    print(json.dumps({"biopython": Bio.__version__, "sequences": len(sequences), "seconds": seconds}))


if __name__ == "__main__":
    main()
