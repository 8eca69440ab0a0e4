/**
 * Job inputs and outputs cross the worker port as JSON, which has no typed arrays: a fingerprint
 * (Uint32Array) or a tarball (Uint8Array) travels as `{ "$typed": "<kind>", "base64": "…" }` and
 * is rebuilt on the other side.
 */
const KINDS = { Uint8Array, Uint32Array, Float64Array } as const;
type Kind = keyof typeof KINDS;

function kindOf(value: unknown): Kind | null {
  for (const kind of Object.keys(KINDS) as Kind[]) if (value instanceof KINDS[kind]) return kind;
  return null;
}

/** A JSON-safe copy of `value`. */
export function toTransport<T>(value: T): unknown {
  return JSON.parse(
    JSON.stringify(value, function (this: Record<string, unknown>, key) {
      const raw = this[key];
      const kind = kindOf(raw);
      if (!kind) return raw;
      const array = raw as Uint8Array | Uint32Array | Float64Array;
      return { $typed: kind, base64: Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString("base64") };
    }),
  );
}

/** The value `toTransport` encoded, typed arrays rebuilt. */
export function fromTransport<T>(value: unknown): T {
  return JSON.parse(JSON.stringify(value), (_key, raw: unknown) => {
    if (raw && typeof raw === "object" && "$typed" in raw && "base64" in raw) {
      const { $typed, base64 } = raw as { $typed: string; base64: string };
      if (!(($typed as Kind) in KINDS)) return raw;
      const bytes = Buffer.from(base64, "base64");
      const copy = new Uint8Array(bytes).buffer;
      return new KINDS[$typed as Kind](copy);
    }
    return raw;
  }) as T;
}
