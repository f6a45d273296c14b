import type { AttachmentCard, AttachmentRef } from '@pvforge/contracts';
import type { CalculationsRepository } from '../db/repositories/calculations.js';
import type { DevicesRepository } from '../db/repositories/devices.js';
import { AppError } from '../http/errors.js';

/**
 * Calculations and devices attached by ID to forum posts and consultation messages. A reader sees
 * a card that names and opens the item only when they may open it themselves: a calculation is
 * its owner's alone, a device is open when public or theirs. Names are never sent otherwise.
 */
export class Attachments {
  constructor(
    private readonly calculations: CalculationsRepository,
    private readonly devices: DevicesRepository,
  ) {}

  async cards(viewerId: number, refs: AttachmentRef[]): Promise<AttachmentCard[]> {
    return Promise.all(
      refs.map(async (ref): Promise<AttachmentCard> => {
        if (ref.type === 'calc') {
          const rec = /^\d{1,12}$/.test(ref.id)
            ? await this.calculations.recordOf(Number(ref.id), viewerId)
            : undefined;
          return rec
            ? { type: 'calc', id: ref.id, visible: true, name: rec.name, kind: rec.kind, status: rec.status }
            : { type: 'calc', id: ref.id, visible: false };
        }
        const dev = await this.devices.getVisible(ref.id, viewerId);
        return dev
          ? { type: 'device', id: ref.id, visible: true, name: dev.name, kind: dev.kind, status: dev.status }
          : { type: 'device', id: ref.id, visible: false };
      }),
    );
  }

  /** The poster's attachments as stored JSON, once each; refused (4607) when the poster may not open one. */
  async checked(posterId: number, refs: AttachmentRef[] | undefined): Promise<string> {
    const seen = new Set<string>();
    const out: AttachmentRef[] = [];
    for (const ref of refs ?? []) {
      const key = `${ref.type}:${ref.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const card = (await this.cards(posterId, [ref]))[0]!;
      if (!card.visible) throw new AppError('4607', { detail: `${ref.type} ${ref.id}` });
      out.push({ type: ref.type, id: ref.id });
    }
    return JSON.stringify(out);
  }

  static parse(json: string): AttachmentRef[] {
    try {
      const v = JSON.parse(json) as unknown;
      return Array.isArray(v) ? (v as AttachmentRef[]) : [];
    } catch {
      return [];
    }
  }
}
