import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CALC_ACTS,
  CALC_CIRCUIT_KINDS,
  CALC_DEVICE_KINDS,
  CalcCircuitBody,
  CalcDetail,
  CalcDeviceBody,
  CalcExportBody,
  CalcFitBody,
  CalcIdBody,
  type CalcKind,
  CalcListBody,
  CalcListData,
  CalcOptStruct,
  CalcPerformance,
  type CalcRecord,
  CalcResultPara,
  CalcSubmitted,
  CalcSweepBody,
  CalcSweepChildren,
  CalcSweepSubmitted,
  CHARGED_FEATURES,
  type DeviceSpec,
  type JobStatus,
  type Lang,
  localizeCheckMessage,
} from '@pvforge/contracts';
import { ENGINE_VERSION } from '@pvforge/engine';
import type { FastifyRequest } from 'fastify';
import { type CalculationRecord, inputHash } from '../db/repositories/calculations.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { contentDisposition, ExportError, exportResult } from '../export/index.js';
import { answerOf, authOf, NullAnswer, success } from '../http/answer.js';
import { AppError } from '../http/errors.js';
import { requestKeyOf } from '../http/request-key.js';
import { childName, childValues, isSweepInput, planSweep, SweepAggregator, type SweepInput } from '../jobs/sweep.js';
import { JobLimitError, PAID_PRIORITY, QueueUnavailableError } from '../jobs/types.js';
import { checkCalculationInput, type Invalid, parseJsonField, wordsIn } from '../jobs/validate.js';
import { chargedFeatures, describeSubmission } from '../services/charged-features.js';
import { MAX_PENDING_PER_USER, type Services } from '../services/container.js';
import { ChargeService } from '../services/finance.js';

const tags = ['calc'];

export function presentCalc(r: CalculationRecord): CalcRecord {
  return {
    id: r.id,
    kind: r.kind as CalcKind,
    name: r.name,
    status: r.status as JobStatus,
    priority: r.priority,
    parent_id: r.parent_id,
    progress: r.progress,
    progress_detail: r.progress_detail,
    reason: r.reason,
    attempts: r.attempts,
    engine_version: r.engine_version,
    input_hash: r.input_hash,
    result_size: r.result_size,
    created_at: Number(r.created_at),
    started_at: r.started_at === null ? null : Number(r.started_at),
    finished_at: r.finished_at === null ? null : Number(r.finished_at),
  };
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function numbersOf(obj: unknown, prefix = ''): Record<string, number> {
  const out: Record<string, number> = {};
  if (obj && typeof obj === 'object') for (const [k, v] of Object.entries(obj)) if (isNum(v)) out[`${prefix}${k}`] = v;
  return out;
}

/**
 * The hysteresis figures of a transient: the index and the PCE of the two scans it compares (the
 * first reverse scan and the forward scan after it, as the engine defines it).
 */
function transientFigures(v: unknown): Record<string, number> {
  const tr = v as { hysteresisIndex?: unknown; scans?: { direction?: string; figures?: { PCE_percent?: unknown } }[] };
  if (!tr || typeof tr !== 'object') return {};
  const scans = Array.isArray(tr.scans) ? tr.scans : [];
  const rev = scans.findIndex((x) => x?.direction === 'reverse');
  const fwd = scans.findIndex((x, i) => i > rev && x?.direction === 'forward');
  const out: Record<string, number> = {};
  if (isNum(tr.hysteresisIndex)) out['hysteresisIndex'] = tr.hysteresisIndex;
  const pr = scans[rev]?.figures?.PCE_percent;
  const pf = scans[fwd]?.figures?.PCE_percent;
  if (rev >= 0 && isNum(pr)) out['PCE_reverse_percent'] = pr;
  if (fwd >= 0 && isNum(pf)) out['PCE_forward_percent'] = pf;
  return out;
}

/**
 * The figures of a tandem run: the 2T figures (subcells in series) as the device's own, the 4T
 * efficiency, each subcell's PCE and photocurrent, and the mismatch.
 */
function tandemFigures(r: Record<string, unknown>): Record<string, number> {
  if (!Array.isArray(r['subcells'])) return {};
  const out: Record<string, number> = { ...numbersOf((r['series'] as { figures?: unknown } | undefined)?.figures) };
  const fourT = (r['fourTerminal'] as { pcePercent?: unknown } | undefined)?.pcePercent;
  if (isNum(fourT)) out['PCE_4T_percent'] = fourT;
  for (const c of r['subcells'] as {
    subcell?: unknown;
    jPhotoMaCm2?: unknown;
    figures?: { PCE_percent?: unknown };
  }[]) {
    if (c?.subcell !== 'top' && c?.subcell !== 'bottom') continue;
    if (isNum(c.figures?.PCE_percent)) out[`PCE_${c.subcell}_percent`] = c.figures.PCE_percent;
    if (isNum(c.jPhotoMaCm2)) out[`jph_${c.subcell}_mA_cm2`] = c.jPhotoMaCm2;
  }
  const diff = (r['mismatch'] as { jTopMinusBottomMaCm2?: unknown } | undefined)?.jTopMinusBottomMaCm2;
  if (isNum(diff)) out['mismatch_mA_cm2'] = diff;
  return out;
}

/** The key figures of a result: the few numbers a list or a comparison shows. */
export function keyFigures(kind: CalcKind, result: unknown): Record<string, number> {
  const r = (result ?? {}) as Record<string, unknown>;
  if (kind === 'opt') {
    const layers = (r['layers'] as { name: string; jphMaCm2: number }[] | undefined) ?? [];
    const perLayer = Object.fromEntries(
      layers.filter((l) => isNum(l.jphMaCm2)).map((l) => [`jph_${l.name}`, l.jphMaCm2]),
    );
    return { ...numbersOf(r['totals']), ...perLayer };
  }
  if (kind === 'elec') {
    const light = r['light'] as { figures?: unknown } | undefined;
    return {
      ...numbersOf(light?.figures),
      ...numbersOf(r['generation'], 'generation_'),
      ...(isNum(r['incidentPowerMwCm2']) ? { incidentPowerMwCm2: r['incidentPowerMwCm2'] } : {}),
      ...transientFigures(r['transient']),
      ...tandemFigures(r),
    };
  }
  if (kind === 'fit') {
    // a device fit: how well it fits, what it cost, and each fitted value by its path
    const params = (r['parameters'] as { path?: unknown; value?: unknown }[] | undefined) ?? [];
    return {
      ...(isNum(r['chiSquare']) ? { chiSquare: r['chiSquare'] } : {}),
      ...(isNum(r['reducedChiSquare']) ? { reducedChiSquare: r['reducedChiSquare'] } : {}),
      ...(isNum(r['evaluations']) ? { evaluations: r['evaluations'] } : {}),
      ...Object.fromEntries(
        params.filter((p) => typeof p.path === 'string' && isNum(p.value)).map((p) => [`fit_${p.path}`, p.value]),
      ),
    };
  }
  const curve = r['curve'] as { keyFigures?: unknown } | undefined;
  if (curve) return numbersOf(curve.keyFigures);
  const fit = r['fit'] as { params?: unknown; rmseMaCm2?: number; r2?: number; modelKeyFigures?: unknown } | undefined;
  if (fit)
    return {
      ...numbersOf(fit.modelKeyFigures),
      ...numbersOf(fit.params, 'fit_'),
      ...(isNum(fit.rmseMaCm2) ? { rmseMaCm2: fit.rmseMaCm2 } : {}),
      ...(isNum(fit.r2) ? { r2: fit.r2 } : {}),
    };
  const losses = r['losses'] as { device?: unknown; pcePercent?: number } | undefined;
  if (losses) return numbersOf(losses.device);
  return {};
}

/** The device check's warnings of an accepted input, in the request's language, as a submission answers them. */
function warningsOf(checked: { warnings?: Parameters<typeof localizeCheckMessage>[0][] }, lang: Lang) {
  return (checked.warnings ?? []).map((w) => ({
    path: w.path,
    code: w.message.code,
    msg: localizeCheckMessage(w, lang),
  }));
}

/** Optical structure of a DeviceSpec, for drawing the stack. */
function optStruct(id: number, spec: DeviceSpec) {
  const modelName = (m: unknown): string => {
    const o = m as { kind?: string; materialId?: string };
    return o.kind === 'table' && o.materialId ? o.materialId : (o.kind ?? 'unknown');
  };
  const s = spec as unknown as {
    name: string;
    ambient?: { optical?: unknown };
    substrate?: { optical?: unknown };
    layers: { name: string; role: string; thicknessNm: number; optical: unknown; coherent?: boolean }[];
  };
  return {
    id,
    device: s.name,
    ambient: s.ambient ? modelName(s.ambient.optical ?? s.ambient) : 'air',
    substrate: s.substrate ? modelName(s.substrate.optical ?? s.substrate) : 'air',
    layers: s.layers.map((l) => ({
      name: l.name,
      role: l.role,
      thicknessNm: l.thicknessNm,
      material: modelName(l.optical),
      coherent: l.coherent !== false,
    })),
  };
}

/**
 * The calculation service, spec §7 and issue 6: /sys/calc/*. Every route is for a logged-in user
 * and sees only that user's calculations (others' ids answer 4101, as if they did not exist).
 * Inputs are checked completely before anything is queued.
 */
export function calcRoutes(s: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const charges = new ChargeService(s.db.kysely, s.db.dialect, s.clock);
    async function own(request: FastifyRequest, id: number): Promise<CalculationRecord> {
      const rec = await s.calculations.recordOf(id, authOf(request).user.id);
      if (!rec) throw new AppError('4101');
      return rec;
    }

    /**
     * The calculation a submission with this key made before, or undefined; the same key with
     * another input is refused (4108): a key names one submission, not a slot to reuse.
     */
    async function madeBefore(userId: number, key: string, input: unknown): Promise<number | undefined> {
      const done = await s.calculations.byRequestKey(userId, key);
      if (!done) return undefined;
      if (done.inputHash !== inputHash(input)) throw new AppError('4108', { id: done.id });
      return done.id;
    }

    async function submit(
      request: FastifyRequest,
      kind: CalcKind,
      field: 'device' | 'job',
      raw: unknown,
      name?: string,
      priority?: boolean,
    ) {
      const parsed = parseJsonField(field, raw);
      if (!parsed.ok) throw invalid(parsed, request.lang);
      const checked = checkCalculationInput(kind, parsed.value);
      if (!checked.ok) throw invalid(checked, request.lang);
      // a device fit is named after its device unless the user names it
      const spec = (kind === 'fit' ? (checked.input as { device: unknown }).device : checked.input) as {
        name?: unknown;
      };
      const label = name?.trim() || (typeof spec.name === 'string' ? spec.name : '') || kind;
      const userId = authOf(request).user.id;
      // a retried submission (same Idempotency-Key) is answered with what the first one made
      const key = requestKeyOf(request);
      const made = key ? await madeBefore(userId, key, checked.input) : undefined;
      if (made !== undefined) return success(request, { id: made, repeated: true });
      // Efficiency-loss quantification and queue priority are charged features (spec §1; price 0 =
      // free), by the rule the price shown beforehand uses (charged-features.ts). The balance is
      // checked before queueing for a clear refusal, and charged atomically (all features or none)
      // once the job exists; should a concurrent charge have emptied the balance meanwhile, the
      // job is cancelled.
      const features = chargedFeatures(describeSubmission(kind, checked.input, priority));
      if (features.length > 0) await charges.ensureAffordable(userId, ...features);
      try {
        let id: number;
        try {
          id = await s.jobs.submit({
            userId,
            kind,
            input: checked.input,
            name: label.slice(0, 100),
            ...(priority ? { priority: PAID_PRIORITY } : {}),
            ...(key ? { requestKey: key } : {}),
          });
        } catch (err) {
          // two retries of one submission raced: the unique key let one insert; answer with it
          const raced = key && isUniqueViolation(err) ? await madeBefore(userId, key, checked.input) : undefined;
          if (raced !== undefined) return success(request, { id: raced, repeated: true });
          throw err;
        }
        if (features.length > 0) {
          try {
            const note = `#${id} ${label.slice(0, 80)}`;
            await charges.chargeAll(
              userId,
              features.map((feature) => ({
                feature,
                // References are unique per kind: the priority of a charged job gets its own.
                refId: feature === CHARGED_FEATURES.queuePriority ? `calc:${id}:priority` : `calc:${id}`,
                note,
              })),
            );
          } catch (err) {
            await s.jobs.cancel(id, userId);
            throw err;
          }
        }
        // the device check's warnings (implausible values, in the registry's words) come back with
        // the id, in the request's language: the calculation runs as given
        const warnings = warningsOf(checked, request.lang);
        return success(request, warnings.length ? { id, warnings } : { id });
      } catch (err) {
        if (err instanceof JobLimitError) throw new AppError('4102', { limit: err.limit });
        if (err instanceof QueueUnavailableError) throw new AppError('5001');
        throw err;
      }
    }

    // Sweeps are aggregated when their last child ends, on any instance that sees the event (the
    // parent's final state is a conditional update, so only one writes it).
    // The sweep's owner hears that it ended, like any calculation (type 'sweep' tells it from a child).
    const sweeps = new SweepAggregator(s.calculations, s.clock, keyFigures, (sw) =>
      app.live?.toUser(sw.userId, {
        act: CALC_ACTS[sw.kind].finish,
        type: 'sweep',
        jobId: sw.id,
        recordId: sw.id,
        kind: sw.kind,
        status: sw.status,
        ...(sw.reason ? { msg: sw.reason } : {}),
      }),
    );
    const unlisten = s.jobs.onEvent((e) => {
      if (e.type !== 'finished') return;
      sweeps
        .childFinished(e.jobId)
        .catch((err: unknown) => app.log.error({ err, jobId: e.jobId }, 'sweep aggregation failed'));
    });
    app.addHook('onClose', async () => unlisten());
    // A sweep whose last child ended while no server listened is completed at start-up.
    app.addHook('onReady', async () => {
      await sweeps.aggregatePending().catch((err: unknown) => app.log.error({ err }, 'sweep aggregation failed'));
    });

    /** The record as it is now; a running sweep whose children have all ended is aggregated first. */
    async function settled(request: FastifyRequest, rec: CalculationRecord): Promise<CalculationRecord> {
      if (rec.status !== 'running' || !(await sweeps.aggregate(rec.id))) return rec;
      return own(request, rec.id);
    }

    /** Cancels a sweep's unfinished children (the parent first, so it is not aggregated meanwhile). */
    async function cancelChildren(userId: number, parentId: number): Promise<CalculationRecord[]> {
      const children = await s.calculations.children(parentId);
      for (const c of children) if (c.status === 'queued' || c.status === 'running') await s.jobs.cancel(c.id, userId);
      return children;
    }

    /**
     * 4105: the first problem in the request's language (the field's label and the rule worded by
     * its code; a problem the checker words itself, e.g. a device fit's curve, in its words; a
     * problem the device check did not find, e.g. an optics table, as it was written), every
     * problem as the checker wrote it, the device check's issues with their codes for the form,
     * and the worded problems each with its field, in the request's language.
     */
    function invalid(c: Invalid, lang: Lang): AppError {
      const first = c.issues?.[0];
      const worded = c.problems?.[0];
      const detail = first
        ? localizeCheckMessage(first, lang)
        : worded
          ? wordsIn(worded.words, lang).includes(worded.field)
            ? wordsIn(worded.words, lang)
            : `${worded.field}: ${wordsIn(worded.words, lang)}`
          : (c.errors[0] ?? c.field);
      return new AppError(
        '4105',
        { detail },
        {
          field: c.field,
          errors: c.errors,
          ...(c.issues ? { issues: c.issues } : {}),
          ...(c.problems ? { problems: c.problems.map((p) => ({ field: p.field, msg: wordsIn(p.words, lang) })) } : {}),
        },
      );
    }

    const deviceRoute = (kind: 'opt' | 'elec', summary: string) =>
      app.post(
        `/sys/calc/${kind}`,
        {
          config: { access: 'user' },
          schema: { tags, summary, body: CalcDeviceBody, response: { 200: answerOf(CalcSubmitted) } },
        },
        async (request) =>
          submit(request, kind, 'device', request.body.device, request.body.name, request.body.priority),
      );
    deviceRoute('opt', 'Queue an optical calculation of a DeviceSpec (R, T, A, G(x), photocurrents)');
    deviceRoute('elec', 'Queue an electrical (drift-diffusion) calculation of a DeviceSpec with an electrical block');

    const circuitRoute = (kind: 'circle' | 'circle2', summary: string) =>
      app.post(
        `/sys/calc/${kind}`,
        {
          config: { access: 'user' },
          schema: { tags, summary, body: CalcCircuitBody, response: { 200: answerOf(CalcSubmitted) } },
        },
        async (request) => submit(request, kind, 'job', request.body.job, request.body.name, request.body.priority),
      );
    circuitRoute('circle', 'Queue a traditional circuit calculation: simulate-sdm, simulate-2dm, or fit (sdm, 2dm)');
    circuitRoute('circle2', 'Queue a modified-diode calculation: simulate-modified, fit (modified) or losses');

    app.post(
      '/sys/calc/fit',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "Queue a device fit (issue 27): drift-diffusion parameters of a DeviceSpec fitted to measured J-V curves, with intervals. The job (DeviceFitJob) is checked whole before queuing: its shape, its device as an electrical calculation, then its curves and free parameters; refusals name the field inside the job. Live progress carries the fit's state (LiveMessage.fit)",
          body: CalcFitBody,
          response: { 200: answerOf(CalcSubmitted) },
        },
      },
      async (request) => submit(request, 'fit', 'job', request.body.job, request.body.name, request.body.priority),
    );

    app.post(
      '/sys/calc/sweep',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Queue a parameter sweep of a DeviceSpec: one or two numeric fields (e.g. "layers[3].thicknessNm") varied, one child calculation per combination (at most 100; 50 values per parameter). The sweep record gets the aggregated key figures (table; a [i][j] map for two parameters) when the last child ends',
          body: CalcSweepBody,
          response: { 200: answerOf(CalcSweepSubmitted) },
        },
      },
      async (request) => {
        const { kind, parameters, name } = request.body;
        const userId = authOf(request).user.id;
        const parsed = parseJsonField('device', request.body.device);
        if (!parsed.ok) throw invalid(parsed, request.lang);
        const base = checkCalculationInput(kind, parsed.value);
        if (!base.ok) throw invalid(base, request.lang);
        const plan = planSweep(kind, base.input, parameters);
        if (!plan.ok)
          throw new AppError(
            '4106',
            { detail: request.lang === 'zh-CN' ? plan.zh : plan.en },
            { field: plan.field, errors: [plan.en] },
          );
        // The children must all fit under the pending limit: a sweep is queued whole or not at all.
        const pending = await s.calculations.unfinishedCount(userId);
        if (pending + plan.inputs.length > MAX_PENDING_PER_USER)
          throw new AppError('4102', { limit: MAX_PENDING_PER_USER });
        const spec = base.input as { name?: unknown };
        const label = (name?.trim() || (typeof spec.name === 'string' ? spec.name : '') || kind).slice(0, 100);
        const input: SweepInput = {
          sweep: true,
          kind,
          device: base.input,
          parameters: parameters.map((p) => ({ path: p.path, label: p.label ?? p.path, values: p.values })),
        };
        // a retried sweep (same Idempotency-Key) is answered with the sweep the first one made
        const key = requestKeyOf(request);
        const repeat = async (id: number) =>
          success(request, { id, children: (await s.calculations.children(id)).length, repeated: true });
        const made = key ? await madeBefore(userId, key, input) : undefined;
        if (made !== undefined) return repeat(made);
        let parentId: number;
        try {
          parentId = await s.calculations.insertSweepParent({
            userId,
            kind,
            name: label,
            input,
            engineVersion: ENGINE_VERSION,
            now: s.clock.now(),
            ...(key ? { requestKey: key } : {}),
          });
        } catch (err) {
          const raced = key && isUniqueViolation(err) ? await madeBefore(userId, key, input) : undefined;
          if (raced !== undefined) return repeat(raced);
          throw err;
        }
        const submitted: number[] = [];
        try {
          const labels = input.parameters.map((p) => p.label);
          for (const [i, child] of plan.inputs.entries()) {
            const name = childName(label, labels, childValues(input, i));
            submitted.push(await s.jobs.submit({ userId, kind, input: child, parentId, name }));
          }
        } catch (err) {
          // Nothing half-queued is left: the children already handed over and the sweep record go.
          await s.jobs.cancel(parentId, userId).catch(() => false);
          for (const id of submitted) {
            await s.jobs.cancel(id, userId).catch(() => false);
            await s.calculations.delete(id, userId);
          }
          await s.calculations.delete(parentId, userId);
          if (err instanceof JobLimitError) throw new AppError('4102', { limit: err.limit });
          if (err instanceof QueueUnavailableError) throw new AppError('5001');
          throw err;
        }
        // the base device's warnings, as a single submission answers them (issue 28: a sweep said nothing)
        const warnings = warningsOf(base, request.lang);
        return success(request, { id: parentId, children: submitted.length, ...(warnings.length ? { warnings } : {}) });
      },
    );

    app.post(
      '/sys/calc/sweepChildren',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A parameter sweep's child calculations: id, the parameters' values, status",
          body: CalcIdBody,
          response: { 200: answerOf(CalcSweepChildren) },
        },
      },
      async (request) => {
        const rec = await settled(request, await own(request, request.body.id));
        const input = await s.calculations.input(rec.id);
        if (!isSweepInput(input)) throw new AppError('4101');
        const children = await s.calculations.children(rec.id);
        return success(request, {
          id: rec.id,
          children: children.map((c, i) => ({
            id: c.id,
            values: childValues(input, i),
            status: c.status as JobStatus,
            reason: c.reason,
          })),
        });
      },
    );

    const listRoute = (path: string, kinds: readonly CalcKind[], summary: string) =>
      app.post(
        path,
        {
          config: { access: 'user' },
          schema: { tags, summary, body: CalcListBody, response: { 200: answerOf(CalcListData) } },
        },
        async (request) => {
          const { page = 1, size = 10, kind, status, search, sort, order } = request.body;
          const r = await s.calculations.list(authOf(request).user.id, kinds, {
            page,
            size,
            kind,
            status,
            search,
            sort,
            order,
          });
          return success(request, { list: r.list.map(presentCalc), total: r.total });
        },
      );
    listRoute('/sys/calc/calcList', CALC_DEVICE_KINDS, "The user's optical and electrical calculations, newest first");
    listRoute('/sys/calc/circleCalcList', CALC_CIRCUIT_KINDS, "The user's circuit calculations, newest first");

    app.post(
      '/sys/calc/calcData',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One calculation with its exact input and its result (null until succeeded)',
          body: CalcIdBody,
          response: { 200: answerOf(CalcDetail) },
        },
      },
      async (request) => {
        const rec = await settled(request, await own(request, request.body.id));
        const [input, result] = await Promise.all([s.calculations.input(rec.id), s.calculations.result(rec.id)]);
        return success(request, { record: presentCalc(rec), input, result: result ?? null });
      },
    );

    app.post(
      '/sys/calc/getResultPara',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Key figures of a calculation (Jsc, Voc, FF, PCE, fitted parameters, photocurrents)',
          body: CalcIdBody,
          response: { 200: answerOf(CalcResultPara) },
        },
      },
      async (request) => {
        const rec = await settled(request, await own(request, request.body.id));
        const result = await s.calculations.result(rec.id);
        if (result === null || result === undefined) throw new AppError('4104', { status: rec.status });
        const kind = rec.kind as CalcKind;
        if (isSweepInput(await s.calculations.input(rec.id))) {
          // A sweep has no figures of its own: how many combinations ran, and the whole table.
          const table = (result as { table?: { status: string }[] }).table ?? [];
          return success(request, {
            id: rec.id,
            kind,
            status: rec.status as JobStatus,
            figures: { combinations: table.length, succeeded: table.filter((r) => r.status === 'succeeded').length },
            sweep: result,
          });
        }
        return success(request, {
          id: rec.id,
          kind,
          status: rec.status as JobStatus,
          figures: keyFigures(kind, result),
        });
      },
    );

    app.post(
      '/sys/calc/cancel',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Cancel a queued or running calculation; a running one frees its worker at once',
          body: CalcIdBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        const userId = authOf(request).user.id;
        const rec = await own(request, request.body.id);
        if (!(await s.jobs.cancel(rec.id, userId))) throw new AppError('4103');
        await cancelChildren(userId, rec.id);
        return success(request, null);
      },
    );

    app.post(
      '/sys/calc/delete',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Delete a calculation (cancelled first when queued or running)',
          body: CalcIdBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        const userId = authOf(request).user.id;
        const rec = await own(request, request.body.id);
        if (rec.status === 'queued' || rec.status === 'running') await s.jobs.cancel(rec.id, userId);
        // A sweep goes with its children: stopped first so no worker keeps running one of them.
        for (const c of await cancelChildren(userId, rec.id)) await s.calculations.delete(c.id, userId);
        await s.calculations.delete(rec.id, userId);
        return success(request, null);
      },
    );

    app.post(
      '/sys/calc/performance',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "The user's calculations counted by status and by kind; meanRunMs = mean(finished - started) of succeeded ones, meanWaitMs = mean(started - created)",
          response: { 200: answerOf(CalcPerformance) },
        },
      },
      async (request) => success(request, await s.calculations.performance(authOf(request).user.id)),
    );

    app.post(
      '/sys/calc/getOptStruct',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The optical structure of an optical or electrical calculation: layers, thicknesses, materials',
          body: CalcIdBody,
          response: { 200: answerOf(CalcOptStruct) },
        },
      },
      async (request) => {
        const rec = await own(request, request.body.id);
        if (rec.kind !== 'opt' && rec.kind !== 'elec') throw new AppError('4101');
        return success(request, optStruct(rec.id, (await s.calculations.input(rec.id)) as DeviceSpec));
      },
    );

    /**
     * The adapter to the exports module: the stored record, input and result in, the file out.
     * Device records export through outputData, circuit records through circleData.
     */
    const exportRoute = (path: string, kinds: readonly CalcKind[], summary: string) =>
      app.post(
        path,
        { config: { access: 'user' }, schema: { tags, summary, body: CalcExportBody } },
        async (request, reply) => {
          const rec = await own(request, request.body.id);
          if (!kinds.includes(rec.kind as CalcKind)) throw new AppError('4101');
          const [input, result] = await Promise.all([s.calculations.input(rec.id), s.calculations.result(rec.id)]);
          if (result === null || result === undefined) throw new AppError('4104', { status: rec.status });
          let file: Awaited<ReturnType<typeof exportResult>>;
          try {
            file = await exportResult({
              kind: rec.kind as CalcKind,
              input,
              result,
              name: rec.name,
              format: request.body.format ?? 'xlsx',
              inputHash: rec.input_hash,
              engineVersion: rec.engine_version,
              headers: request.lang === 'zh-CN' ? 'zh-en' : 'en',
            });
          } catch (err) {
            // A stored result the exporter cannot read: logged with its reason, answered as "no result".
            if (err instanceof ExportError) {
              request.log.warn({ err, id: rec.id }, 'export failed');
              throw new AppError('4104', { status: rec.status });
            }
            throw err;
          }
          return reply
            .header('content-type', file.contentType)
            .header('content-disposition', contentDisposition(file.filename))
            .send(file.body);
        },
      );
    exportRoute(
      '/sys/calc/outputData',
      CALC_DEVICE_KINDS,
      'Binary answer: the result of an optical or electrical calculation as XLSX (default) or CSV files in a zip',
    );
    exportRoute(
      '/sys/calc/circleData',
      CALC_CIRCUIT_KINDS,
      'Binary answer: the result of a circuit calculation as XLSX (default) or CSV files in a zip',
    );

    app.post(
      '/sys/calc/inputData',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Binary answer: the exact input (DeviceSpec or circuit job JSON) as an attachment, importable again',
          body: CalcIdBody,
        },
      },
      async (request, reply) => {
        const rec = await own(request, request.body.id);
        const input = await s.calculations.input(rec.id);
        const file = `pvforge-${rec.kind}-${rec.id}-input.json`;
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file}"`)
          .send(Buffer.from(`${JSON.stringify(input, null, 2)}\n`, 'utf8'));
      },
    );
  };
}
