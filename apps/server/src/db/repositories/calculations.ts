import { createHash } from 'node:crypto';
import type { CalcKind, JobStatus } from '@pvforge/contracts';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { type PackedResult, packResult, unpackResult } from '../result-codec.js';
import type { CalculationRow, Database } from '../schema.js';

/** Every column but the two large ones (input, result): what lists and the dispatcher read. */
const RECORD_COLUMNS = [
  'id',
  'user_id',
  'kind',
  'name',
  'status',
  'priority',
  'parent_id',
  'input_hash',
  'engine_version',
  'progress',
  'progress_detail',
  'reason',
  'attempts',
  'result_size',
  'created_at',
  'started_at',
  'finished_at',
] as const;

export type CalculationRecord = Omit<CalculationRow, 'input' | 'result' | 'request_key'>;

export interface NewCalculation {
  userId: number;
  kind: CalcKind;
  name: string;
  priority: number;
  parentId: number | null;
  input: unknown;
  engineVersion: string;
  now: number;
  /** The client's key of this submission (idempotent submits). */
  requestKey?: string;
}

/** JSON with object keys sorted at every level: equal inputs hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

export function inputHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

export interface PerformanceRow {
  byStatus: Record<string, number>;
  byKind: Record<string, number>;
  total: number;
  meanRunMs: number | null;
  meanWaitMs: number | null;
}

/** Subquery: the children of the outer calculations row (a sweep's child jobs). */
function childOf(eb: ExpressionBuilder<Database, 'calculations'>) {
  return eb.selectFrom('calculations as child').select('child.id').whereRef('child.parent_id', '=', 'calculations.id');
}

/**
 * Calculations and their job state. The database is the source of truth for both queue adapters:
 * every state change is a conditional UPDATE (on the current status), so a late event from a
 * terminated worker can never overwrite a cancellation or a time-out.
 */
export class CalculationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(c: NewCalculation): Promise<number> {
    const row = await this.db
      .insertInto('calculations')
      .values({
        user_id: c.userId,
        kind: c.kind,
        name: c.name,
        status: 'queued',
        priority: c.priority,
        parent_id: c.parentId,
        input: JSON.stringify(c.input),
        input_hash: inputHash(c.input),
        engine_version: c.engineVersion,
        created_at: c.now,
        request_key: c.requestKey ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The calculation a user's submission with this key made, with its input's hash. */
  async byRequestKey(userId: number, key: string): Promise<{ id: number; inputHash: string } | undefined> {
    const row = await this.db
      .selectFrom('calculations')
      .select(['id', 'input_hash'])
      .where('user_id', '=', userId)
      .where('request_key', '=', key)
      .executeTakeFirst();
    return row ? { id: Number(row.id), inputHash: row.input_hash } : undefined;
  }

  async record(id: number): Promise<CalculationRecord | undefined> {
    return this.db.selectFrom('calculations').select(RECORD_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** The record of that user only: others' calculations are "not found" to them. */
  async recordOf(id: number, userId: number): Promise<CalculationRecord | undefined> {
    return this.db
      .selectFrom('calculations')
      .select(RECORD_COLUMNS)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * The user's newest calculation of one of `kinds` whose input hashes to `hash` (the same device,
   * whatever the key order), or undefined.
   */
  async latestWithInput(
    userId: number,
    kinds: readonly CalcKind[],
    hash: string,
  ): Promise<CalculationRecord | undefined> {
    return this.db
      .selectFrom('calculations')
      .select(RECORD_COLUMNS)
      .where('user_id', '=', userId)
      .where('kind', 'in', [...kinds])
      .where('input_hash', '=', hash)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async input(id: number): Promise<unknown> {
    const row = await this.db.selectFrom('calculations').select('input').where('id', '=', id).executeTakeFirst();
    return row ? (JSON.parse(row.input) as unknown) : undefined;
  }

  async result(id: number): Promise<unknown> {
    const row = await this.db.selectFrom('calculations').select('result').where('id', '=', id).executeTakeFirst();
    return row ? unpackResult(row.result) : undefined;
  }

  async list(
    userId: number,
    kinds: readonly CalcKind[],
    opts: {
      page: number;
      size: number;
      kind?: CalcKind | undefined;
      status?: JobStatus | undefined;
      search?: string | undefined;
      sort?: 'created' | 'name' | 'status' | 'id' | undefined;
      order?: 'asc' | 'desc' | undefined;
    },
  ): Promise<{ list: CalculationRecord[]; total: number }> {
    const wanted = opts.kind ? kinds.filter((k) => k === opts.kind) : [...kinds];
    if (wanted.length === 0) return { list: [], total: 0 };
    let q = this.db.selectFrom('calculations').where('user_id', '=', userId).where('kind', 'in', wanted);
    if (opts.status) q = q.where('status', '=', opts.status);
    const search = opts.search?.trim().toLowerCase();
    if (search) {
      // LIKE wildcards in the user's text are literal characters.
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where(sql<boolean>`lower(name) like ${pattern} escape '\\'`);
    }
    // Whitelisted columns only: the sort key never reaches SQL as text.
    const column = ({ created: 'created_at', name: 'name', status: 'status', id: 'id' } as const)[
      opts.sort ?? 'created'
    ];
    const order = opts.order ?? 'desc';
    const [list, total] = await Promise.all([
      q
        .select(RECORD_COLUMNS)
        .orderBy(column, order)
        .orderBy('id', order)
        .limit(opts.size)
        .offset((opts.page - 1) * opts.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(total.n) };
  }

  async unfinishedCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('calculations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'running'])
      // A sweep's own record waits for its children and takes no worker: only the children count.
      .where((eb) => eb.not(eb.exists(childOf(eb))))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Queued jobs in dispatch order: priority first, then submission order. */
  async queued(limit: number): Promise<Pick<CalculationRecord, 'id' | 'user_id' | 'kind' | 'priority'>[]> {
    return this.db
      .selectFrom('calculations')
      .select(['id', 'user_id', 'kind', 'priority'])
      .where('status', '=', 'queued')
      .orderBy('priority', 'desc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  }

  async runningCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('calculations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'running')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** running -> queued: a job redelivered after its worker process died (BullMQ stalled job). */
  async requeue(id: number): Promise<void> {
    await this.db
      .updateTable('calculations')
      .set({ status: 'queued', started_at: null, progress: 0, progress_detail: null })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /** queued -> running; false when someone else (a cancel, another dispatcher) got there first. */
  async claim(id: number, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('calculations')
      .set({
        status: 'running',
        started_at: now,
        progress: 0,
        progress_detail: null,
        attempts: sql<number>`attempts + 1`,
      })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async progress(id: number, percent: number, detail: string | undefined): Promise<void> {
    await this.db
      .updateTable('calculations')
      .set({ progress: Math.round(percent), progress_detail: detail?.slice(0, 255) ?? null })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /** running -> a final state; false when the job was no longer running (cancelled meanwhile). */
  async finish(
    id: number,
    status: Exclude<JobStatus, 'queued' | 'running'>,
    now: number,
    /** The result as an object, or already encoded (a worker thread packs what it computed). */
    outcome: { result?: unknown; packed?: PackedResult; reason?: string | undefined },
  ): Promise<boolean> {
    const packed = outcome.packed ?? (outcome.result === undefined ? undefined : packResult(outcome.result));
    const r = await this.db
      .updateTable('calculations')
      .set({
        status,
        finished_at: now,
        reason: outcome.reason?.slice(0, 2000) ?? null,
        ...(status === 'succeeded' ? { progress: 100 } : {}),
        ...(packed ? { result: packed.blob, result_size: packed.size } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** queued or running -> cancelled for its owner; the status it had, or undefined when it could not. */
  async cancel(id: number, userId: number, now: number, reason: string): Promise<JobStatus | undefined> {
    const rec = await this.recordOf(id, userId);
    if (!rec || (rec.status !== 'queued' && rec.status !== 'running')) return undefined;
    const r = await this.db
      .updateTable('calculations')
      .set({ status: 'cancelled', finished_at: now, reason })
      .where('id', '=', id)
      .where('status', '=', rec.status)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1 ? (rec.status as JobStatus) : undefined;
  }

  async delete(id: number, userId: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('calculations')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  /**
   * Start-up recovery of jobs a previous process left running: retried once (back to queued),
   * failed with the reason the second time. Returns the ids of each.
   */
  async recoverInterrupted(now: number, reason: string): Promise<{ requeued: number[]; failed: number[] }> {
    const rows = await this.db
      .selectFrom('calculations')
      .select(['id', 'attempts'])
      .where('status', '=', 'running')
      // A running sweep parent is not a job: it is aggregated from its children, never re-run.
      .where((eb) => eb.not(eb.exists(childOf(eb))))
      .execute();
    const requeued: number[] = [];
    const failed: number[] = [];
    for (const r of rows) {
      if (r.attempts >= 2) {
        await this.db
          .updateTable('calculations')
          .set({ status: 'failed', finished_at: now, reason })
          .where('id', '=', r.id)
          .where('status', '=', 'running')
          .execute();
        failed.push(r.id);
      } else {
        await this.db
          .updateTable('calculations')
          .set({ status: 'queued', started_at: null, progress: 0, progress_detail: null })
          .where('id', '=', r.id)
          .where('status', '=', 'running')
          .execute();
        requeued.push(r.id);
      }
    }
    return { requeued, failed };
  }

  /**
   * A sweep's own record: inserted as running (it is never dispatched; its children are), so the
   * queue's dispatcher, which takes only queued rows, leaves it alone.
   */
  async insertSweepParent(c: Omit<NewCalculation, 'priority' | 'parentId'>): Promise<number> {
    const row = await this.db
      .insertInto('calculations')
      .values({
        user_id: c.userId,
        kind: c.kind,
        name: c.name,
        status: 'running',
        priority: 0,
        parent_id: null,
        input: JSON.stringify(c.input),
        input_hash: inputHash(c.input),
        engine_version: c.engineVersion,
        created_at: c.now,
        started_at: c.now,
        request_key: c.requestKey ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The child jobs of a sweep, in submission (= combination) order. */
  async children(parentId: number): Promise<CalculationRecord[]> {
    return this.db
      .selectFrom('calculations')
      .select(RECORD_COLUMNS)
      .where('parent_id', '=', parentId)
      .orderBy('id', 'asc')
      .execute();
  }

  /** Sweep parents still running: start-up aggregation of sweeps whose last child ended while down. */
  async runningParents(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('calculations')
      .select('id')
      .where('status', '=', 'running')
      .where((eb) => eb.exists(childOf(eb)))
      .execute();
    return rows.map((r) => r.id);
  }

  /** Counts by status and kind, mean run time (succeeded: finished - started) and mean wait (started - created). */
  async performance(userId: number): Promise<PerformanceRow> {
    const [groups, run, wait] = await Promise.all([
      this.db
        .selectFrom('calculations')
        .select(['status', 'kind', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', userId)
        .groupBy(['status', 'kind'])
        .execute(),
      this.db
        .selectFrom('calculations')
        .select(sql<number | string | null>`avg(finished_at - started_at)`.as('m'))
        .where('user_id', '=', userId)
        .where('status', '=', 'succeeded')
        .where('started_at', 'is not', null)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('calculations')
        .select(sql<number | string | null>`avg(started_at - created_at)`.as('m'))
        .where('user_id', '=', userId)
        .where('started_at', 'is not', null)
        .executeTakeFirstOrThrow(),
    ]);
    const byStatus: Record<string, number> = {};
    const byKind: Record<string, number> = {};
    let total = 0;
    for (const g of groups) {
      const n = Number(g.n);
      byStatus[g.status] = (byStatus[g.status] ?? 0) + n;
      byKind[g.kind] = (byKind[g.kind] ?? 0) + n;
      total += n;
    }
    // PostgreSQL's avg over bigint is numeric, which pg hands over as a string.
    const num = (v: number | string | null) => (v === null ? null : Number(v));
    return { byStatus, byKind, total, meanRunMs: num(run.m), meanWaitMs: num(wait.m) };
  }
}
