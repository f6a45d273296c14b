/** A DeviceSpec field by its path: the engine's reader and writer (the device fit's and the sweeps'), for the server and the web. */
export {
  type FieldPathSegment,
  fieldPathHolderExists,
  parseFieldPath,
  readFieldNumber,
  writeFieldNumber,
} from '@pvforge/engine';
