import type { DeviceFitJob } from '@pvforge/contracts';
import { call } from './client';

/**
 * Calls of the device fit (issue 27): the submit (POST /sys/calc/fit, answered like every calc
 * submit: {id}, or 4105 with the refused fields) and the saving of a fitted device into the
 * caller's library. The running fit, its cancel, its result and its exports are the calculations'
 * own routes (api/results.ts).
 */
export const fitApi = {
  submit: (job: DeviceFitJob, name?: string, priority = false) =>
    call<{ id: number }>('/sys/calc/fit', {
      body: { job, ...(name ? { name } : {}), ...(priority ? { priority } : {}) },
      idempotent: true,
    }),
};
