import type { CheckIssue } from '@pvforge/engine';

/** Messages between the editor and the preview worker (preview.worker.ts). */
export interface PreviewRequest {
  id: number;
  /** The DeviceSpec (optical part is what counts). */
  spec: unknown;
  /** Absolute URL of the data-file route, e.g. https://host/calc/data. */
  dataBase: string;
}

export interface PreviewLayer {
  name: string;
  role: string;
  A: number[];
  jphMaCm2: number;
}

/** IEC 60904-7 mismatch factor of a user's spectrum against AM1.5G (engine spectralMismatch). */
export interface PreviewMismatch {
  factor: number;
  /** The device's Jsc (EQE = absorbers' absorptance) corrected to AM1.5G, mA/cm^2. */
  jscCorrectedMaCm2: number;
}

export type PreviewResponse =
  | {
      id: number;
      ok: true;
      wavelengthNm: number[];
      R: number[];
      T: number[];
      layers: PreviewLayer[];
      totals: { jphAbsorbersMaCm2: number; jReflectedMaCm2: number; jTransmittedMaCm2: number };
      /** Only for a tabulated (user) spectrum. */
      mismatch?: PreviewMismatch;
      /** Time in the worker: fetching missing files, and the engine run. */
      fetchMs: number;
      computeMs: number;
    }
  | {
      id: number;
      ok: false;
      field?: string;
      error: string;
      /** A problem the device check also names (a user spectrum that misses the range), with its code. */
      issue?: CheckIssue;
    };
