import { promisify } from "node:util";
import { crc32, deflateRawSync, gunzip, gzipSync, inflateRawSync } from "node:zlib";

const gunzipAsync = promisify(gunzip);

/** The most a gzip'd archive may inflate to: a bomb is refused at this size instead of filling memory. */
export const ARCHIVE_MAX_INFLATED_BYTES = 128 * 1024 * 1024;

/**
 * The two archive formats the artifacts use, written and read here in a few dozen lines rather than
 * through a dependency: POSIX ustar inside gzip (replay bundles, read back by `npm run replay`) and
 * ZIP with deflate (dossiers, opened by any operating system). Entries are files only, with a fixed
 * modification time, so the same content always gives the same bytes.
 */
export interface ArchiveEntry {
  name: string;
  content: Uint8Array | string;
}

const FIXED_MTIME = Date.UTC(2020, 0, 1) / 1000;
const bytesOf = (content: Uint8Array | string) =>
  typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content);

function checkName(name: string): void {
  if (
    !name ||
    name.startsWith("/") ||
    name.split("/").some((part) => part === ".." || part === "") ||
    Buffer.byteLength(name) > 100
  ) {
    throw new Error(`unsafe or too long archive entry name: ${name}`);
  }
}

export function writeTarGz(entries: ArchiveEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    checkName(entry.name);
    const body = bytesOf(entry.content);
    const header = Buffer.alloc(512);
    header.write(entry.name, 0, 100, "utf8");
    header.write("0000644\0", 100, "ascii");
    header.write("0000000\0", 108, "ascii");
    header.write("0000000\0", 116, "ascii");
    header.write(body.length.toString(8).padStart(11, "0") + "\0", 124, "ascii");
    header.write(FIXED_MTIME.toString(8).padStart(11, "0") + "\0", 136, "ascii");
    header.write("        ", 148, "ascii");
    header.write("0", 156, "ascii");
    header.write("ustar\0", 257, "ascii");
    header.write("00", 263, "ascii");
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, "ascii");
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks), { level: 9 });
}

/**
 * Reads a gzip'd ustar archive's regular files; anything else (links, devices, unsafe names) is
 * refused. Inflation runs on libuv's thread pool, never on the event loop, and stops at `maxBytes`.
 */
export async function readTarGz(
  archive: Uint8Array,
  maxBytes = ARCHIVE_MAX_INFLATED_BYTES,
): Promise<Map<string, Buffer>> {
  let tar: Buffer;
  try {
    tar = await gunzipAsync(archive, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
      throw new Error(`the archive inflates to more than ${Math.round(maxBytes / 1024 / 1024)} MiB`, { cause: error });
    throw error;
  }
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = cString(header.subarray(0, 100));
    const prefix = cString(header.subarray(345, 500));
    const fullName = prefix ? `${prefix}/${name}` : name;
    const size = parseInt(cString(header.subarray(124, 136)).trim() || "0", 8);
    const type = String.fromCharCode(header[156] || 48);
    if (!Number.isFinite(size) || size < 0) throw new Error("corrupt tar header");
    offset += 512;
    if (type === "0") {
      checkName(fullName);
      files.set(fullName, Buffer.from(tar.subarray(offset, offset + size)));
    } else if (type !== "5") {
      throw new Error(`unsupported tar entry type ${type} for ${fullName}`);
    }
    offset += Math.ceil(size / 512) * 512;
  }
  return files;
}

function cString(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString("utf8");
}

const DOS_TIME = 0; // 00:00:00
const DOS_DATE = ((2020 - 1980) << 9) | (1 << 5) | 1; // 2020-01-01

export function writeZip(entries: ArchiveEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    checkName(entry.name);
    const name = Buffer.from(entry.name, "utf8");
    const body = bytesOf(entry.content);
    const deflated = deflateRawSync(body, { level: 9 });
    const stored = deflated.length >= body.length;
    const data = stored ? body : deflated;
    const crc = crc32(body) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(body.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(stored ? 0 : 8, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(body.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Reads the files of a ZIP written by `writeZip` (stored or deflated, no ZIP64); checks every CRC. */
export function readZip(archive: Uint8Array): Map<string, Buffer> {
  const zip = Buffer.from(archive);
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error("not a zip archive");
  const count = zip.readUInt16LE(endAt + 10);
  let at = zip.readUInt32LE(endAt + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const data = zip.subarray(dataAt, dataAt + compressedSize);
    const body = method === 8 ? inflateRawSync(data) : Buffer.from(data);
    if (crc32(body) >>> 0 !== crc) throw new Error(`CRC mismatch in ${name}`);
    files.set(name, body);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}
