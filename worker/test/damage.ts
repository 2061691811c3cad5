// Damages a SQLite file the way a bad disk or a partial copy would: the
// header page stays readable, every later page is overwritten with a fixed
// pattern, so the damage is found on the first read of any table.
import { readFileSync, writeFileSync } from 'node:fs';

export function damageDatabaseFile(file: string): void {
  const bytes = readFileSync(file);
  const pageSize = bytes.readUInt16BE(16) === 1 ? 65536 : bytes.readUInt16BE(16);
  for (let i = pageSize; i < bytes.length; i++) bytes[i] = (i * 131 + 7) & 0xff;
  writeFileSync(file, bytes);
}
