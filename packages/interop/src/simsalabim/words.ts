import type { MessageCatalogue } from "@pvforge/contracts";
export const SIMSALABIM_MESSAGES: MessageCatalogue = {};
