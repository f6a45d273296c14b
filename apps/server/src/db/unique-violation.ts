/** Is this a unique-constraint violation (SQLite or PostgreSQL)? The index settles a race two checks could not. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/.test(e?.message ?? '');
}
