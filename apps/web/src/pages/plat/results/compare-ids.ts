/** The ids of the address, in order, without repeats or junk. */
export function parseIds(raw: string | null): number[] {
  const out: number[] = [];
  for (const s of (raw ?? '').split(',')) {
    const n = Number(s.trim());
    if (Number.isInteger(n) && n > 0 && !out.includes(n)) out.push(n);
  }
  return out.slice(0, 20);
}
