// node bench/anchors/simss-check.mjs <case.json> <JV.dat>: how far SimSS's J-V (its JV.dat: Vext, Jext in
// A/m2 with the photocurrent negative) is from a dd-jv benchmark case's expected values, in multiples of
// the case's tolerance. Jsc, Voc and FF from a cubic through the four nearest points (the case used a
// cubic spline through 5 mV steps). Prints one line per figure; exit 1 when one exceeds its tolerance.
import { readFileSync } from 'node:fs';

const [caseFile, jvFile] = process.argv.slice(2);
if (!caseFile || !jvFile) {
  process.stderr.write('usage: node simss-check.mjs <case.json> <JV.dat>\n');
  process.exit(2);
}
const c = JSON.parse(readFileSync(caseFile, 'utf8'));
const lines = readFileSync(jvFile, 'utf8').trim().split('\n');
const head = lines[0].trim().split(/\s+/);
const iV = head.indexOf('Vext');
const iJ = head.indexOf('Jext');
const rows = lines.slice(1).map((l) => l.trim().split(/\s+/).map(Number));
const V = rows.map((r) => r[iV]);
const J = rows.map((r) => -r[iJ] / 10); // A/m2 -> mA/cm2, photocurrent positive

/** The cubic through the four points nearest x. */
function at(x) {
  let k = 0;
  while (k < V.length - 1 && V[k + 1] < x) k++;
  const lo = Math.min(Math.max(k - 1, 0), V.length - 4);
  let y = 0;
  for (let i = lo; i < lo + 4; i++) {
    let w = J[i];
    for (let j = lo; j < lo + 4; j++) if (j !== i) w *= (x - V[j]) / (V[i] - V[j]);
    y += w;
  }
  return y;
}

const tol = c.tolerance;
const ex = c.expected;
let worst = { ratio: 0, V: Number.NaN };
c.input.voltage_V.forEach((v, i) => {
  const k = V.findIndex((x) => Math.abs(x - v) < 1e-6);
  const ratio =
    k < 0
      ? Number.POSITIVE_INFINITY
      : Math.abs(J[k] - ex.J_mA_cm2[i]) / (tol.J_abs_mA_cm2 + tol.J_rel * Math.abs(ex.J_mA_cm2[i]));
  if (!(ratio <= worst.ratio)) worst = { ratio, V: v };
});
const Jsc = at(0);
const kOc = J.findIndex((j) => j < 0);
let [a, b] = [V[kOc - 1], V[kOc]];
for (let i = 0; i < 60; i++) {
  const m = (a + b) / 2;
  if (at(m) > 0) a = m;
  else b = m;
}
const Voc = (a + b) / 2;
let Pmax = 0;
for (let i = 0; i <= 20000; i++) Pmax = Math.max(Pmax, ((i * Voc) / 20000) * at((i * Voc) / 20000));
const FF = Pmax / (Jsc * Voc);
const figures = [
  ['Jsc (mA/cm2)', Jsc, ex.Jsc_mA_cm2, Math.abs(Jsc / ex.Jsc_mA_cm2 - 1) / tol.Jsc_rel],
  ['Voc (V)', Voc, ex.Voc_V, Math.abs(Voc - ex.Voc_V) / tol.Voc_abs_V],
  ['FF', FF, ex.FF, Math.abs(FF - ex.FF) / tol.FF_abs],
  [`worst J point (at ${worst.V} V)`, Number.NaN, Number.NaN, worst.ratio],
];
for (const [name, got, want, ratio] of figures) {
  const values = Number.isNaN(got) ? '' : `${got.toFixed(5)} (case ${want}), `;
  process.stdout.write(`  ${name}: ${values}${ratio.toFixed(3)} x tolerance\n`);
}
const pass = figures.every((f) => f[3] <= 1);
process.stdout.write(`  ${pass ? 'within' : 'OUTSIDE'} the case's tolerance (${c.id})\n`);
process.exit(pass ? 0 : 1);
