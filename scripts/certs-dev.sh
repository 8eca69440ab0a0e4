#!/usr/bin/env bash
# `npm run certs:dev -- [--out DIR] [--org ORG_ID] [--name WORKER_NAME]`
# Makes a development CA, a server certificate for the worker port (localhost, 127.0.0.1) and a
# client certificate for one remote worker of organization ORG_ID. The worker's organization is
# carried in the certificate subject (O=sieve-org-<id>): the platform trusts what its CA signed.
set -euo pipefail
out=".data/certs"; org=1; name="worker-1"
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --org) org="$2"; shift 2 ;;
    --name) name="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"
cd "$out"
if [ ! -f ca.key ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 825 -subj "/O=Sieve development/CN=Sieve development CA" -keyout ca.key -out ca.crt 2>/dev/null
fi
if [ ! -f server.key ]; then
  openssl req -newkey rsa:2048 -nodes -subj "/O=Sieve/CN=localhost" -keyout server.key -out server.csr 2>/dev/null
  printf "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n" > server.ext
  openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 825 -extfile server.ext -out server.crt 2>/dev/null
  rm -f server.csr server.ext
fi
openssl req -newkey rsa:2048 -nodes -subj "/O=sieve-org-${org}/CN=${name}" -keyout "${name}.key" -out "${name}.csr" 2>/dev/null
printf "extendedKeyUsage=clientAuth\n" > client.ext
openssl x509 -req -in "${name}.csr" -CA ca.crt -CAkey ca.key -CAcreateserial -days 825 -extfile client.ext -out "${name}.crt" 2>/dev/null
rm -f "${name}.csr" client.ext
chmod 600 ./*.key
echo "CA:      $out/ca.crt"
echo "Server:  $out/server.crt  $out/server.key   (TLS_CA, TLS_CERT, TLS_KEY on the platform)"
echo "Worker:  $out/${name}.crt  $out/${name}.key  (organization ${org})"
