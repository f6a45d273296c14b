/**
 * A device fit's bookkeeping around its evaluator: every batch of forward runs goes through here,
 * which counts them against the budget (evaluations and wall clock, both shown to the user), keeps
 * the best point seen, turns each run into its weighted residuals and cost, and reports progress.
 * When the budget is spent, or the fit is cancelled, the next batch throws and the fit ends with
 * the best point it has.
 */
import type { Words } from '@pvforge/params';
import type { PreparedCurve } from './curves.js';
import type { FitEvaluator } from './evaluator.js';
import { type FitEvaluation, weightedResiduals } from './forward.js';

/** A point of the fit: its variables, residuals (null: the run failed) and cost. */
export interface FitPoint {
  u: Float64Array;
  r: Float64Array | null;
  cost: number;
  model: number[][] | null;
  failure?: Words;
}

export class FitStopped extends Error {
  constructor(readonly why: 'budget' | 'time' | 'cancelled') {
    super(`fit stopped: ${why}`);
    this.name = 'FitStopped';
  }
}

/** A run failed on the input itself (not on convergence): the fit cannot go on. */
export class FitInputFailure extends Error {
  constructor(readonly words: Words) {
    super(words.en);
    this.name = 'FitInputFailure';
  }
}

export interface SessionLimits {
  maxEvaluations: number;
  /** Clock time (ms, the session's clock) after which no batch starts. */
  deadlineMs: number;
  clock: () => number;
  /** Cancellation: an AbortSignal (only `aborted` is read; the engine has no DOM or Node types). */
  signal?: { readonly aborted: boolean };
}

export class FitSession {
  evaluations = 0;
  best: FitPoint | null = null;
  constructor(
    readonly evaluator: FitEvaluator,
    readonly curves: readonly PreparedCurve[],
    readonly limits: SessionLimits,
    private readonly onBatch?: () => void,
  ) {}

  /** Evaluations left in the budget. */
  get remaining(): number {
    return this.limits.maxEvaluations - this.evaluations;
  }

  /** Runs a batch; throws FitStopped when it does not fit the budget or the fit was cancelled. */
  async run(points: readonly Float64Array[]): Promise<FitPoint[]> {
    if (this.limits.signal?.aborted) throw new FitStopped('cancelled');
    if (this.evaluations + points.length > this.limits.maxEvaluations) throw new FitStopped('budget');
    if (this.limits.clock() > this.limits.deadlineMs) throw new FitStopped('time');
    this.evaluations += points.length;
    const out = await this.evaluator.evaluate(points.map((u) => Array.from(u)));
    if (this.limits.signal?.aborted) throw new FitStopped('cancelled');
    const res = out.map((e, k) => this.point(points[k]!, e));
    for (const p of res) if (p.r && (!this.best || p.cost < this.best.cost)) this.best = p;
    this.onBatch?.();
    return res;
  }

  private point(u: Float64Array, e: FitEvaluation): FitPoint {
    if (!e.ok) {
      if (e.input) throw new FitInputFailure(e.reason);
      return { u, r: null, cost: Number.POSITIVE_INFINITY, model: null, failure: e.reason };
    }
    const r = weightedResiduals(this.curves, e.model);
    let cost = 0;
    for (let i = 0; i < r.length; i++) cost += r[i]! * r[i]!;
    return Number.isFinite(cost)
      ? { u, r, cost, model: e.model }
      : { u, r: null, cost: Number.POSITIVE_INFINITY, model: null };
  }
}
