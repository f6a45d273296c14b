/** A duration as a researcher reads it, 3 significant digits: "26 s", "3.2 ms", "1.5 h". */
export function formatDuration(s: number): string {
  const p = (x: number) => String(Number(x.toPrecision(3)));
  if (!Number.isFinite(s)) return '–';
  if (s >= 7200) return `${p(s / 3600)} h`;
  if (s >= 1 || s === 0) return `${p(s)} s`;
  if (s >= 1e-3) return `${p(s * 1e3)} ms`;
  if (s >= 1e-6) return `${p(s * 1e6)} µs`;
  return `${p(s * 1e9)} ns`;
}
