/**
 * A device file (.device.json) as PVForge writes and reads it: the DeviceSpec itself, or, when the
 * device carries what a DeviceSpec has no place for (its literature DOIs, free notes, the citation
 * of a seeded example), a device entry `{ spec, references?, notes?, citation? }`. The library's
 * export writes the entry only when there is something to keep beside the spec, so a plain device
 * stays a plain DeviceSpec; import, the CLI and the seeding read both (and a top-level `citation`
 * inside a DeviceSpec-shaped file, the form the example files use).
 */

export interface DeviceFileParts {
  /** The DeviceSpec, unchecked (the caller checks it and reports against its own field name). */
  spec: unknown;
  references?: string[];
  notes?: string;
  citation?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The parts of a parsed device file (anything that is not an entry is taken as the spec). */
export function deviceFileParts(parsed: unknown): DeviceFileParts {
  const entry = isObject(parsed) && !('schemaVersion' in parsed) && 'spec' in parsed;
  const body = entry ? parsed['spec'] : parsed;
  if (!isObject(body)) return { spec: body };
  const { citation: inner, ...spec } = body;
  const parts: DeviceFileParts = { spec };
  const citation = (entry ? text(parsed['citation']) : undefined) ?? text(inner);
  if (citation) parts.citation = citation;
  if (entry) {
    const refs = parsed['references'];
    if (Array.isArray(refs)) parts.references = refs.filter((r): r is string => typeof r === 'string');
    const notes = text(parsed['notes']);
    if (notes) parts.notes = notes;
  }
  return parts;
}

/** The file body of a device: its spec, wrapped in an entry only when references or notes go with it. */
export function deviceFileBody(
  spec: unknown,
  extras: { references?: readonly string[]; notes?: string | null },
): unknown {
  const references = extras.references?.length ? [...extras.references] : undefined;
  const notes = extras.notes?.trim() || undefined;
  if (!references && !notes) return spec;
  return { spec, ...(references ? { references } : {}), ...(notes ? { notes } : {}) };
}
