import { type CapabilityId, capability } from '@pvforge/engine';

/**
 * Models users look for in the electrical settings, each with the note that says what the editor
 * offers instead. The engine's capability registry decides which are missing, so a model that
 * arrives drops its note without an edit here.
 */
export const MODEL_NOTES = [
  { id: 'electrical.excitons', note: 'editor.el.excitonsNote' },
  { id: 'electrical.tunnelling', note: 'editor.el.tunnellingNote' },
] as const satisfies readonly { id: CapabilityId; note: string }[];

export type ModelNote = (typeof MODEL_NOTES)[number];

/** The notes of the models the engine lacks, each with the model's name in the UI language. */
export function missingModelNotes(lang: string): (ModelNote & { name: string })[] {
  return MODEL_NOTES.filter((n) => !capability(n.id).supported).map((n) => ({
    ...n,
    name: lang === 'en' ? capability(n.id).en : capability(n.id).zh,
  }));
}
