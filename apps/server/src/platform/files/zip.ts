/**
 * A ZIP archive written as a stream (ARCHITECTURE.md: "downloads of many files stream as one zip"), without
 * a package: deflated entries with UTF-8 names (Chinese file names open correctly), then the central
 * directory. Only one entry's bytes are in memory at a time. No ZIP64, so an archive stays below 4 GB.
 */
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw);
const LIMIT = 0xffffffff;

export interface ZipEntry {
  name: string;
  data: Buffer;
  date?: Date;
}

/** MS-DOS time and date of a moment (local time, 2-second steps, 1980 at the earliest). */
function dosTime(d: Date): [number, number] {
  const year = Math.max(d.getFullYear(), 1980);
  return [(d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2), ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate()];
}

/**
 * Names unique within the archive: a repeated name gets " (2)", " (3)" … before its extension. A name is one file
 * name (separators replaced), or with `paths` a relative path whose folders are kept (no empty, `.` or `..` part).
 */
function uniqueName(name: string, taken: Set<string>, paths: boolean): string {
  const one = (part: string) => part.replace(/[\\/]/g, '_').replace(/^\.+/, '_');
  const clean =
    (paths
      ? name
          .split(/[\\/]+/)
          .filter((p) => p && p !== '.' && p !== '..')
          .map(one)
          .join('/')
      : one(name)) || 'file';
  let candidate = clean;
  for (let i = 2; taken.has(candidate); i++) candidate = clean.replace(/(\.[^.]*)?$/, (ext) => ` (${i})${ext}`);
  taken.add(candidate);
  return candidate;
}

async function* zipChunks(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, paths: boolean): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  const taken = new Set<string>();
  let offset = 0;
  let count = 0;
  for await (const entry of entries) {
    const name = Buffer.from(uniqueName(entry.name, taken, paths), 'utf8');
    const body = await deflateRaw(entry.data);
    const crc = zlib.crc32(entry.data);
    const [time, date] = dosTime(entry.date ?? new Date());
    if (offset + 30 + name.length + body.length > LIMIT || count >= 0xffff) throw new Error('zip archive too large');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4); // made by
    head.writeUInt16LE(20, 6);
    head.writeUInt16LE(0x0800, 8);
    head.writeUInt16LE(8, 10);
    head.writeUInt16LE(time, 12);
    head.writeUInt16LE(date, 14);
    head.writeUInt32LE(crc, 16);
    head.writeUInt32LE(body.length, 20);
    head.writeUInt32LE(entry.data.length, 24);
    head.writeUInt16LE(name.length, 28);
    head.writeUInt32LE(offset, 42);
    central.push(head, name);
    yield Buffer.concat([local, name]);
    yield body;
    offset += 30 + name.length + body.length;
    count++;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([dir, end]);
}

/** The archive of `entries`; with `paths`, entry names keep their folders (a source tree, not a bag of files). */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, { paths = false }: { paths?: boolean } = {}): Readable {
  return Readable.from(zipChunks(entries, paths));
}
