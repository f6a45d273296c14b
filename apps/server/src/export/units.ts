/**
 * Column headers: the quantity, then its unit in brackets, written the way a physicist writes it
 * (superscripts, not '^'), so that a sheet or CSV plots without a legend to decode.
 */
export const U = {
  nm: 'nm',
  fraction: 'fraction',
  mAcm2: 'mA/cm²',
  mWcm2: 'mW/cm²',
  cm3: 'cm⁻³',
  cm2s: 'cm⁻² s⁻¹',
  cm3s: 'cm⁻³ s⁻¹',
  perS: 's⁻¹',
  eV: 'eV',
  V: 'V',
  Vcm: 'V/cm',
  percent: '%',
  ms: 'ms',
  K: 'K',
  s: 's',
  Vs: 'V/s',
  Hz: 'Hz',
  ohmCm2: 'Ω·cm²',
  deg: '°',
  Fcm2: 'F/cm²',
  nFcm2: 'nF/cm²',
  onOff: '1 = on',
} as const;

export const h = (quantity: string, unit: string): string => `${quantity} (${unit})`;
