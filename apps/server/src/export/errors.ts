/**
 * A result that cannot be exported. Results come from storage, so their shape is checked at run
 * time; the message names the calculation kind and the exact field, so that a corrupt or foreign
 * record is diagnosed from the log line alone.
 */
export class ExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportError';
  }
}
