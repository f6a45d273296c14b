import type { DeviceSpec, SweepParameter } from '@pvforge/contracts';
import type { TFunction } from 'i18next';
import { NetworkError } from '../../api/client';
import { editorApi } from '../../api/editor';
import type { Run } from '../../pages/plat/calc/RunPanel';
import { fieldIssues } from '../device-editor/model';

/**
 * Submits a parameter sweep from a form (the general sweep panel and the scan-rate series share
 * it): the device is checked as a single submission would be, the answer is told in the UI
 * language, and the sweep's run is returned for the run panel (undefined when nothing was queued).
 */
export async function submitSweepRun(args: {
  kind: 'opt' | 'elec';
  device: DeviceSpec;
  parameters: SweepParameter[];
  name: string;
  t: TFunction;
  message: { success: (s: string) => unknown; error: (s: string) => unknown };
  /** The success message, given the sweep's id and its number of calculations. */
  submitted: (id: number, n: number) => string;
}): Promise<Run | undefined> {
  const { kind, device, parameters, name, t, message } = args;
  if (fieldIssues(device).length) {
    message.error(t('editor.run.invalid'));
    return undefined;
  }
  try {
    const { answer } = await editorApi.submitSweep(kind, device, parameters, name.slice(0, 100));
    if (answer.code === '1000' && answer.data && 'id' in answer.data) {
      const { id, children } = answer.data;
      message.success(args.submitted(id, children));
      return { id, kind, name, status: 'queued', percent: 0, sweep: true };
    }
    message.error(t('editor.run.failedSubmit', { msg: answer.msg }));
  } catch (e) {
    message.error(
      t('editor.run.failedSubmit', {
        msg: e instanceof NetworkError ? t('common.networkError') : e instanceof Error ? e.message : String(e),
      }),
    );
  }
  return undefined;
}
