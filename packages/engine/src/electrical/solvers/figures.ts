/**
 * Figures of merit of a drift-diffusion J-V in the result's field names (ElectricalJvFigures),
 * computed by the engine's one sampled-curve routine (jv/figures.ts).
 */
import { sampledKeyFigures } from '../../jv/figures.js';
import type { ElectricalJvFigures } from '../types.js';

/**
 * Figures of merit from a J-V curve (V in V, J in mA/cm^2, generation positive). Returns
 * undefined when the curve does not contain V = 0, Jsc is not positive or J does not change sign
 * at V > 0.
 */
export function jvFigures(V: number[], J: number[], incidentPower_mW_cm2 = 100): ElectricalJvFigures | undefined {
  const k = sampledKeyFigures(V, J, incidentPower_mW_cm2);
  if (!(k.jscMaCm2 > 0) || !Number.isFinite(k.vocV) || !Number.isFinite(k.pmaxMwCm2)) return undefined;
  return {
    Jsc_mA_cm2: k.jscMaCm2,
    Voc_V: k.vocV,
    FF: k.ff,
    PCE_percent: k.pcePercent,
    Vmp_V: k.vmpV,
    Jmp_mA_cm2: k.jmpMaCm2,
    Pmax_mW_cm2: k.pmaxMwCm2,
  };
}
