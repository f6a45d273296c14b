/**
 * The light entry for packages/contracts (@pvforge/engine/spec-check): the DeviceSpec electrical
 * check and the parameter lists it is built on, without the rest of the engine, so that every page
 * that validates a form does not download the simulation code.
 */
export {
  CONTACT_FIELDS,
  type FieldRule,
  GRADABLE_KEYS,
  type GradableKey,
  INTERFACE_FIELDS,
  LAYER_CHOICE_FIELDS,
  LAYER_FIELDS,
  type LayerChoiceValues,
  type LayerElectricalValues,
  type LayerField,
  type LayerFieldKey,
  type LayerMaterialFieldKey,
  THERMIONIC_FIELDS,
  TUNNEL_OXIDE_FIELDS,
} from '../electrical/fields.js';
export { MAX_DOPING_CM3, MAX_NODES } from '../electrical/input-check.js';
// the check's codes and issues, for the wording in packages/contracts
export {
  CHECK_MESSAGE_CODES,
  type CheckIssue,
  type CheckMessageCode,
  checkLine,
  PARAM_CHECK_CODES,
  paramMessage,
  verdictOfParams,
} from '../messages/device-check.js';
// the user spectrum file rules and the coverage check, shared by the upload dialog and the server
export {
  parseSpectrumTable,
  SPECTRUM_IRRADIANCE_UNITS,
  SPECTRUM_TABLE_LIMITS,
  SPECTRUM_WAVELENGTH_UNITS,
  type SpectrumIrradianceUnit,
  type SpectrumTableProblem,
  type SpectrumTableUnits,
  type SpectrumWavelengthUnit,
  spectrumCoverage,
  spectrumCoverageIssue,
} from '../spectra/table.js';
export {
  checkDeviceElectrical,
  checkDeviceElectricalCoded,
  checkDeviceElectricalIssues,
  type ElectricalCheck,
  type ElectricalCheckIssues,
  MAX_SWEEP_POINTS,
} from './check.js';
export { checkDefectSpec, layerGap } from './defects-map.js';
export { electricalDomain, sweepVoltages } from './electrical-spec.js';
// the one judgement of a registered field's value (the schema's failures are said with it)
export { FIELD_VALUE_CODES, fieldKey, judgeSpecFields, paramIssue } from './field-rules.js';
// a layer's k_rad from its absorption, for the editor to show the value a run will use
export {
  computedKRads,
  kRadAbsorptionIssue,
  type LayerKRad,
  layerKRadFromAbsorption,
} from './radiative-absorption.js';
export type { DefectElectricalLike, ElectricalDeviceSpecLike } from './types.js';
