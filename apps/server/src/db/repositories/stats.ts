import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';

export interface StatCounts {
  personalDevices: number;
  publicDevices: number;
  institutions: number;
  users: number;
  opticalCalculations: number;
  electricalCalculations: number;
  circuitCalculations: number;
  materials: number;
}

/** Live counters for /sys/stat/all, each one aggregate query. */
export class StatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async counts(): Promise<StatCounts> {
    const [devices, institutions, users, calcs, materials] = await Promise.all([
      this.db
        .selectFrom('devices')
        .select(['is_public', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('is_public')
        .execute(),
      this.db
        .selectFrom('users')
        .select(sql<number>`count(distinct lower(trim(enterprise)))`.as('n'))
        .where(sql<boolean>`trim(enterprise) <> ''`)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('calculations')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('kind')
        .execute(),
      // The public library only (ADR 0004): personal materials are their owners' business.
      this.db
        .selectFrom('materials')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    const byKind = (kinds: string[]) =>
      calcs.filter((c) => kinds.includes(c.kind)).reduce((sum, c) => sum + Number(c.n), 0);
    return {
      personalDevices: devices.filter((d) => Number(d.is_public) === 0).reduce((sum, d) => sum + Number(d.n), 0),
      publicDevices: devices.filter((d) => Number(d.is_public) !== 0).reduce((sum, d) => sum + Number(d.n), 0),
      institutions: Number(institutions.n),
      users: Number(users.n),
      opticalCalculations: byKind(['opt']),
      electricalCalculations: byKind(['elec']),
      circuitCalculations: byKind(['circle', 'circle2']),
      materials: Number(materials.n),
    };
  }
}
