import { describe, expect, it } from 'vitest';
import { runFigures } from '../../src/services/review-run.js';

/** The figures a reviewer sees beside a submitted device, read from a stored result and its input. */
describe('runFigures', () => {
  const input = { illumination: { wavelength: { startNm: 300, endNm: 850, stepNm: 5 } } };
  const light = (figures: Record<string, number>) => ({ light: { figures } });

  it("gives an electrical run's window PCE (as SCAPS divides) with the input's window that names it", () => {
    const f = runFigures(
      'elec',
      light({ Jsc_mA_cm2: 20, Voc_V: 1.1, FF: 0.8, PCE_percent: 17.6, pceWindowPercent: 19.2 }),
      input,
    );
    expect(f).toEqual({
      jscMaCm2: 20,
      vocV: 1.1,
      ff: 0.8,
      pcePercent: 17.6,
      pceWindowPercent: 19.2,
      windowStartNm: 300,
      windowEndNm: 850,
    });
  });

  it('leaves the window out of a run from before it existed, and of an optical run', () => {
    const old = runFigures('elec', light({ Jsc_mA_cm2: 20, PCE_percent: 17.6 }), input);
    expect(old).toEqual({ jscMaCm2: 20, pcePercent: 17.6 });
    expect(runFigures('opt', { totals: { jphAbsorbersMaCm2: 22 } }, input)).toEqual({ jscMaCm2: 22 });
  });
});
