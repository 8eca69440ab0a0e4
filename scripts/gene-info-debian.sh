#!/usr/bin/env bash
# `npm run data:gene-info [-- --out DIR]`
# Writes Homo_sapiens.gene_info: human NCBI Gene symbols, synonyms and full names in NCBI's gene_info layout,
# taken from Bioconductor's org.Hs.eg.db (built from NCBI Gene) as Debian packages it (r-bioc-org.hs.eg.db).
# Reads the SQLite that `npm run data:gene-names` unpacked ($ORG_HS_EG_SQLITE, else the user cache); when it is
# not there, unpacks the package's SQLite file alone: R itself is not installed. Needs apt-get and sqlite3.
# Without --out the file goes to $NCBI_GENE_INFO_DIR, else ${XDG_CACHE_HOME:-~/.cache}/sieve/ncbi_gene, where the
# server's literature tagger reads it (AppConfig.geneInfoDir); with --out DIR it goes to DIR/ncbi_gene, a reference
# folder in the shared-data layout (REFERENCE_DATA_DIR). Does nothing when the file is already there.
set -euo pipefail
folder="${NCBI_GENE_INFO_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/sieve/ncbi_gene}"
while [ $# -gt 0 ]; do
  case "$1" in
    --out) folder="$2/ncbi_gene"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
target="$folder/Homo_sapiens.gene_info"
if [ -s "$target" ]; then
  echo "$target is there"
  exit 0
fi
command -v sqlite3 >/dev/null || { echo "sqlite3 is missing: apt-get install -y sqlite3" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
db="${ORG_HS_EG_SQLITE:-${XDG_CACHE_HOME:-$HOME/.cache}/sieve/org.Hs.eg.sqlite}"
if [ ! -s "$db" ]; then
  (cd "$work" && apt-get download -q r-bioc-org.hs.eg.db 2>/dev/null)
  dpkg-deb -x "$work"/r-bioc-org.hs.eg.db_*.deb "$work/pkg"
  db="$(find "$work/pkg" -name org.Hs.eg.sqlite | head -n 1)"
  [ -n "$db" ] || { echo "org.Hs.eg.sqlite not found in r-bioc-org.hs.eg.db" >&2; exit 1; }
fi
mkdir -p "$folder"
{
  printf '#tax_id\tGeneID\tSymbol\tLocusTag\tSynonyms\tdbXrefs\tchromosome\tmap_location\tdescription\ttype_of_gene\tSymbol_from_nomenclature_authority\tFull_name_from_nomenclature_authority\tNomenclature_status\tOther_designations\tModification_date\tFeature_type\n'
  sqlite3 -readonly -separator $'\t' "$db" "
    SELECT '9606', g.gene_id, i.symbol, '-',
           coalesce((SELECT group_concat(a.alias_symbol, '|') FROM alias a WHERE a._id = g._id AND a.alias_symbol <> i.symbol), '-'),
           '-', '-', '-', i.gene_name, '-', '-', '-', '-', '-', '-', '-'
    FROM genes g JOIN gene_info i ON i._id = g._id ORDER BY CAST(g.gene_id AS INTEGER)"
} > "$target.tmp"
mv "$target.tmp" "$target"
source_date="$(sqlite3 -readonly "$db" "SELECT value FROM metadata WHERE name = 'EGSOURCEDATE'")"
echo "$target: $(($(wc -l < "$target") - 1)) human genes (NCBI Gene of $source_date)"
