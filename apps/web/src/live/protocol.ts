import {
  CALC_ACTS,
  CALC_KINDS,
  type CalcKind,
  type DeviceFitProgress,
  JOB_STATUSES,
  type JobStatus,
  type LiveMessage,
} from '@pvforge/contracts';
import type { CalcFinish, CalcFire, CalcProgress, ChatMessage, Emitter, LiveEvents } from './events';

const FIRE_ACTS = new Set(Object.values(CALC_ACTS).map((a) => a.fire));
const FINISH_ACTS = new Set(Object.values(CALC_ACTS).map((a) => a.finish));

/** ws(s)://host/calc/ws?tick=&uid= from the API base ('/calc' or an alternate http(s) server). */
export function liveUrl(apiBase: string, pageOrigin: string, token: string, uid: string): string {
  const base = new URL(apiBase, pageOrigin);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  base.pathname = `${base.pathname.replace(/\/+$/, '')}/ws`;
  base.search = new URLSearchParams({ tick: token, uid }).toString();
  return base.toString();
}

export function parseServerMessage(data: unknown): LiveMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const v = JSON.parse(data) as unknown;
    if (typeof v !== 'object' || v === null || typeof (v as { act?: unknown }).act !== 'string') return undefined;
    return v as LiveMessage;
  } catch {
    return undefined;
  }
}

function kindOf(v: unknown): CalcKind | undefined {
  return (CALC_KINDS as readonly unknown[]).includes(v) ? (v as CalcKind) : undefined;
}
function statusOf(v: unknown): JobStatus | undefined {
  return (JOB_STATUSES as readonly unknown[]).includes(v) ? (v as JobStatus) : undefined;
}
function num(v: unknown): number | undefined {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** A device fit's progress as it must look to be drawn (the page trusts its numbers, not its shape). */
function fitOf(v: unknown): v is DeviceFitProgress {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Record<string, unknown>;
  return (
    typeof f['stage'] === 'string' &&
    typeof f['evaluations'] === 'number' &&
    typeof f['maxEvaluations'] === 'number' &&
    (f['values'] === null || Array.isArray(f['values'])) &&
    (f['curves'] === null || Array.isArray(f['curves']))
  );
}

/** Emits the typed event of a calculation act; false when the message is not one. */
export function emitCalc(m: LiveMessage, bus: Emitter<LiveEvents>): boolean {
  const jobId = num(m.jobId) ?? num(m.recordId);
  if (jobId === undefined) return false;
  if (FIRE_ACTS.has(m.act)) {
    const e: CalcFire = { act: m.act, jobId, kind: kindOf(m.kind), recordId: num(m.recordId) };
    bus.emit('fire', e);
    return true;
  }
  if (m.act === 'progress') {
    const e: CalcProgress = {
      jobId,
      kind: kindOf(m.kind),
      percent: Math.max(0, Math.min(100, num(m.percent) ?? 0)),
      detail: typeof m.detail === 'string' ? m.detail : undefined,
      ...(fitOf(m.fit) ? { fit: m.fit } : {}),
    };
    bus.emit('progress', e);
    return true;
  }
  if (FINISH_ACTS.has(m.act)) {
    const e: CalcFinish = {
      act: m.act,
      jobId,
      kind: kindOf(m.kind),
      recordId: num(m.recordId),
      status: statusOf(m.status),
      reason: typeof m.msg === 'string' && m.msg ? m.msg : undefined,
    };
    bus.emit('finish', e);
    return true;
  }
  return false;
}

export function chatOf(m: LiveMessage): ChatMessage | undefined {
  const from = num(m.from);
  if (from === undefined || typeof m.msg !== 'string' || m.msg === '') return undefined;
  return {
    from,
    nickname: typeof m.nickname === 'string' && m.nickname ? m.nickname : `#${from}`,
    msg: m.msg,
    color: m.color,
    bg: m.bg,
    msgid: m.msgid,
  };
}

/** The result page of a finished calculation (spec §2: rsto, rste, rstc, rstc2). */
export function resultPath(kind: CalcKind | undefined, recordId: number | undefined): string | undefined {
  if (recordId === undefined || kind === undefined) return undefined;
  const page = { opt: 'rsto', elec: 'rste', circle: 'rstc', circle2: 'rstc2', fit: 'rstfit' }[kind];
  return `/plat/${page}/${recordId}`;
}
