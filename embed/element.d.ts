// Types of `element.js`: importing it defines `<skein-chat>`.

import type { ErrorKind, ProviderConfig } from './index.js';

export interface SkeinMessageDetail {
  conversationId: string;
  messageId: string;
  status: 'complete' | 'incomplete' | 'error' | 'streaming' | 'awaiting_approval';
  text: string;
  model: string | null;
}

export interface SkeinErrorDetail {
  kind: ErrorKind;
  message: string;
  conversationId?: string;
  messageId?: string;
}

export class SkeinChatElement extends HTMLElement {
  /** Providers as for `Skein.create`, routed by the `model` attribute; read when first connected. */
  providers?: ProviderConfig[];
  /** The key for the `protocol` / `base-url` attributes' provider; never an attribute. */
  apiKey?: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'skein-chat': SkeinChatElement;
  }
  interface HTMLElementEventMap {
    'skein-message': CustomEvent<SkeinMessageDetail>;
    'skein-error': CustomEvent<SkeinErrorDetail>;
  }
}
