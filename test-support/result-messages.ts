/**
 * One message of every result code, from its builder (messages/results.ts), with
 * numbers and names as a run gives them, for the tests that every code is worded in every language
 * (packages/contracts/test/result-messages.test.ts, apps/web/test/engine-warnings.test.ts).
 */
import { checkIssue, type EngineMessage, resultMessage } from '@pvforge/engine';

export function builtResultMessages(): EngineMessage[] {
  const m = resultMessage;
  const newton = m.notConverged(0.61234, 3.2e-3);
  return [
    newton,
    m.notConverged(0, 1e-2, 'equilibrium'),
    m.notConverged(0, 1e-2, 'light'),
    m.sweepBelowVoc(1, 12.345),
    m.sweepExtended(0.6, 0.93),
    m.jvWallClock(300, 0.5),
    m.sweepNoZero(),
    m.figuresInterpolated(newton),
    m.profilesFailed(m.jvWallClock(300, 0.9)),
    m.noPointSolved(),
    m.eqeBaseFailed(newton),
    m.gridAdvised(1200, 600),
    m.noExcitonModel(2, 'PM6:Y6'),
    m.eqeFailedWavelengths([450, 460], 80),
    m.eqeNotComputed(m.eqeBaseFailed(newton)),
    m.transientNotConverged(1.5e-3, 0.4, 2e-2),
    m.transientWallClock(0.25),
    m.transientInitial(newton),
    m.impedanceSteadyState(0.8, newton),
    m.impedanceSingular(1e5),
    m.impedanceWallClock(),
    m.thickCoherent(0, 'glass', 1e6),
    m.fitAtBound('rsOhmCm2', 'series resistance', 'AM1.5', 'upper', 50, 'Ohm cm^2'),
    m.fitSerialCorrelation(0.83, 12),
    m.fitSingular(),
    m.curveVoltageUnit('mV', 800),
    m.curveCurrentUnit(),
    m.curveSignFlipped(),
    m.noWaterfall('light 1', 'curves[0].jphMaCm2', m.lossesJphAboveLimit('27.5', 1.6, '25.1')),
    m.lossesJphAboveLimit('27.5', 1.6, '25.1'),
    m.lossesJ0RadZero(),
    m.lossesJphNotPositive(-1),
    m.lossesAboveGapPower(2, '180.2', '100'),
    m.lossesSpectrumPower(1, '136.6', '100'),
    m.lossesJ0RadTooLow(1e-25, '2.310e-21', 1.6),
    m.subcellNotConverged('top', newton),
    m.subcellNotConverged('bottom', undefined),
    m.subcellWarning('top', m.figuresInterpolated(newton)),
    m.checkWarning(
      checkIssue(
        'electrical.contacts.front.workFunctionEV',
        'check.boltzmann-contact',
        { workFunctionEV: 5.5, layer: 'PTAA', fromEV: 2.25, toEV: '5.400' },
        '(5.5 eV) puts the Fermi level at the contact within kT of or inside a band of layer "PTAA" (gap 2.25 to 5.400 eV below vacuum): Boltzmann statistics are not valid there; choose Fermi-Dirac statistics',
      ),
    ),
    m.seriesNoOverlap('their J-V curves do not overlap'),
    m.stackNotConverged(m.jvWallClock(300, 1.1)),
    m.stackNotConverged(undefined),
  ];
}
