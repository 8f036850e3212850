import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zipStream } from './zip.ts';

/** Reads an archive back the way unzip does: end record → central directory → each local entry. */
function readZip(zip: Buffer) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(-1);
  const count = zip.readUInt16LE(end + 10);
  let p = zip.readUInt32LE(end + 16);
  const out: { name: string; text: string; crcOk: boolean; utf8: boolean }[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(p)).toBe(0x02014b50);
    const flags = zip.readUInt16LE(p + 8);
    const crc = zip.readUInt32LE(p + 16);
    const csize = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zlib.inflateRawSync(zip.subarray(dataAt, dataAt + csize));
    out.push({ name, text: data.toString('utf8'), crcOk: zlib.crc32(data) === crc, utf8: (flags & 0x0800) !== 0 });
    p += 46 + nameLen;
  }
  return out;
}

const collect = async (s: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
};

describe('zipStream', () => {
  it('writes deflated entries with UTF-8 names that read back intact', async () => {
    const big = '造价咨询报告'.repeat(5000);
    const zip = await collect(
      zipStream([
        { name: '合同.pdf', data: Buffer.from('%PDF-1.4') },
        { name: 'report.txt', data: Buffer.from(big) },
      ]),
    );
    expect(zip.length).toBeLessThan(big.length / 10); // compressed
    expect(readZip(zip)).toEqual([
      { name: '合同.pdf', text: '%PDF-1.4', crcOk: true, utf8: true },
      { name: 'report.txt', text: big, crcOk: true, utf8: true },
    ]);
  });

  it('keeps repeated names apart and keeps paths out of names', async () => {
    const zip = await collect(
      zipStream([
        { name: '照片.png', data: Buffer.from('1') },
        { name: '照片.png', data: Buffer.from('2') },
        { name: '../../etc/passwd', data: Buffer.from('3') },
      ]),
    );
    expect(readZip(zip).map((e) => [e.name, e.text])).toEqual([
      ['照片.png', '1'],
      ['照片 (2).png', '2'],
      ['__.._etc_passwd', '3'],
    ]);
  });

  it('an empty archive is valid', async () => {
    expect(readZip(await collect(zipStream([])))).toEqual([]);
  });
});
