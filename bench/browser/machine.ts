// A one-line description of the machine, for benchmark tables.
import { cpus, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';

export function cpuModel(): string {
  try {
    const m = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (m) return m[1].trim();
  } catch {
    // not Linux: fall back to what Node knows
  }
  return cpus()[0]?.model ?? 'unknown CPU';
}

export function describeMachine(chromium?: string): string {
  const parts = [
    `${cpus().length} cores (${cpuModel()})`,
    `${Math.round(totalmem() / 2 ** 30)} GB RAM`,
    `Node ${process.version}`,
  ];
  if (chromium) parts.push(`Chromium ${chromium} (headless)`);
  return parts.join(', ');
}
