#!/usr/bin/env bash
# `npm run data:gene-names`
# Puts Bioconductor's org.Hs.eg.db SQLite (from Debian's r-bioc-org.hs.eg.db, built from NCBI Gene)
# where the reference-data loader reads every gene's full name: $ORG_HS_EG_SQLITE, else
# ${XDG_CACHE_HOME:-~/.cache}/sieve/org.Hs.eg.sqlite. Only the package's SQLite file is unpacked: R itself
# is not installed. Does nothing when the file is already there. Needs apt-get and dpkg-deb.
set -euo pipefail
target="${ORG_HS_EG_SQLITE:-${XDG_CACHE_HOME:-$HOME/.cache}/sieve/org.Hs.eg.sqlite}"
if [ -s "$target" ]; then
  echo "$target is there"
  exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Stale or empty package lists: update them once and try again.
(cd "$work" && apt-get download -q r-bioc-org.hs.eg.db 2>/dev/null) ||
  (apt-get update -qq && cd "$work" && apt-get download -q r-bioc-org.hs.eg.db 2>/dev/null)
dpkg-deb -x "$work"/r-bioc-org.hs.eg.db_*.deb "$work/pkg"
db="$(find "$work/pkg" -name org.Hs.eg.sqlite | head -n 1)"
[ -n "$db" ] || { echo "org.Hs.eg.sqlite not found in r-bioc-org.hs.eg.db" >&2; exit 1; }
mkdir -p "$(dirname "$target")"
mv "$db" "$target.tmp"
mv "$target.tmp" "$target"
echo "$target: org.Hs.eg.db $(sqlite3 "$target" "SELECT value FROM metadata WHERE name = 'EGSOURCEDATE'" 2>/dev/null || echo '')"
