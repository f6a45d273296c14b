import type { CalcKind, JobStatus } from './calc.js';
import type { DeviceFitProgress } from './schemas/device-fit.js';

/**
 * Messages on the live connection /calc/ws?tick=<token>&uid=<uid> (spec §3, §4, §7), JSON both ways.
 * The spec's fields: msgid, act, msg, to, uid, name, color, bg, type, seconds, from, nickname.
 *
 * Client -> server: '101' name register {uid, name}; '999' chat {to, msg, color, bg} (stored as a
 *   user-to-user message); 'kill' and 'k' (administrator) {to, type, seconds} / {to};
 *   'checklogin' {msg: token} every 30 s; 'report' {uid, name} in answer to the server's 'report'
 *   question, or 'report' without uid to ask for the online list.
 * Server -> client: 'online' (please register your name), 'report' without msg (who are you?) or
 *   with msg (the online list, a JSON list), '999' chat relayed {from, nickname, msg, color, bg},
 *   'kill' {type, seconds}, 'k' (kicked: clear the session, do not reconnect), 'ack', and the
 *   calculation acts below.
 * Calculation acts: fireOpt | fireElec | fireCircle | fireFit (started), 'progress' {jobId, kind,
 *   percent, detail: the current bias point or wavelength; a device fit's also `fit`, its state},
 *   finishOpt | finishElec | finishCircle | finishFit (done or failed: {jobId, kind, status,
 *   recordId, msg: the reason when not succeeded}).
 * newMsg: a new in-site message was stored for the user {msg: its title, type: its kind, link}; for
 *   an administrator's notice (type 'notice', sent to everyone online) also msgEn, its English title
 *   when it has one.
 */
export interface LiveMessage {
  act: string;
  msgid?: string;
  msg?: string;
  to?: number | string;
  uid?: number | string;
  name?: string;
  color?: string;
  bg?: string;
  type?: string;
  seconds?: number;
  from?: number | string;
  nickname?: string;
  jobId?: number;
  kind?: CalcKind;
  percent?: number;
  detail?: string;
  /**
   * 'progress' of a device fit ('fit'): its stage, runs, chi-square, current values and model
   * curves, at most five a second like every progress message (the latest state each time).
   */
  fit?: DeviceFitProgress;
  status?: JobStatus;
  recordId?: number;
  /** newMsg: the in-site page the new message points at (forum thread, consultation). */
  link?: string;
  /** newMsg of a notice: its English title ('' or absent: the notice is in one language). */
  msgEn?: string;
}

export const LIVE_PATH = '/calc/ws';
