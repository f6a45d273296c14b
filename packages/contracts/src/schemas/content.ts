import Type, { type Static } from 'typebox';
import { DB_INT_MAX } from '../limits.js';

/** GET /sys/news/detail?id= */
export const NewsDetailQuery = Type.Object({ id: Type.Integer({ minimum: 1, maximum: DB_INT_MAX }) });
export type NewsDetailQuery = Static<typeof NewsDetailQuery>;

/** GET /health: the database answers and which version runs. */
export const HealthData = Type.Object({
  db: Type.Literal('ok'),
  dialect: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  version: Type.String(),
});
export type HealthData = Static<typeof HealthData>;

/** Answer of checkResetToken: the link is still good until expire_time (ms since the epoch). */
export const ResetTokenData = Type.Object({ valid: Type.Boolean(), expire_time: Type.Integer() });
export type ResetTokenData = Static<typeof ResetTokenData>;
