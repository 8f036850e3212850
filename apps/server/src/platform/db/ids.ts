/**
 * Snowflake ids: 41 bits of milliseconds since 2020-01-01, 10 bits of worker, 12 bits of sequence.
 * Written as strings in JSON (they exceed 2^53).
 */
const EPOCH = 1577836800000n;
const workerId = BigInt(Number(process.env.WORKER_ID ?? process.pid) & 0x3ff);
let lastMs = -1n;
let seq = 0n;

export function nextId(): string {
  let now = BigInt(Date.now());
  if (now === lastMs) {
    seq = (seq + 1n) & 0xfffn;
    if (seq === 0n) {
      while (now <= lastMs) now = BigInt(Date.now());
    }
  } else {
    seq = 0n;
  }
  if (now < lastMs) now = lastMs; // clock moved back: keep ids increasing
  lastMs = now;
  return (((now - EPOCH) << 22n) | (workerId << 12n) | seq).toString();
}
