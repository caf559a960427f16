// `<skein-chat>`: Skein's whole chat UI inside any page, in a shadow root so the page's styles
// and Skein's do not meet. Importing this file defines the element.
//
//   <skein-chat storage="docs-chat" protocol="openai" base-url="http://127.0.0.1:11434/v1" model="qwen3"></skein-chat>
//
// Attributes (read when the element is first connected): `storage` (the IndexedDB database;
// the app's own, `skein`, by default), `protocol` + `base-url` + `model` (the provider; without
// them, the one saved in that storage), `assistant` (the assistant a new chat starts with, by
// name). Properties: `providers` (an array as for `Skein.create`, routed by `model`) and
// `apiKey` (never an attribute, so the key is not written into the page). Events (bubbling out
// of the shadow root): `skein-message` when an answer ends ({ conversationId, messageId,
// status, text, model }), `skein-error` when it failed or the options are wrong ({ kind,
// message }). One chat per page.

import { load, SkeinError } from './index.js';
import { mountChat } from './skein_wasm.js';

export class SkeinChatElement extends HTMLElement {
  #mounted = false;

  connectedCallback() {
    if (this.#mounted) return;
    this.#mounted = true;
    // After the current task, so properties set right after the element was added count.
    queueMicrotask(() => this.#mount());
  }

  #options() {
    const attribute = (name) => this.getAttribute(name) ?? undefined;
    let providers = this.providers;
    if (!providers && attribute('protocol')) {
      providers = [{ protocol: attribute('protocol'), baseUrl: attribute('base-url'), apiKey: this.apiKey, model: attribute('model') }];
    }
    return { storage: attribute('storage'), model: attribute('model'), assistant: attribute('assistant'), providers };
  }

  async #mount() {
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const style = document.createElement('link');
    style.rel = 'stylesheet';
    style.href = new URL('./skein.css', import.meta.url).href;
    const container = document.createElement('div');
    container.className = 'skein-root';
    root.replaceChildren(style, container);
    try {
      await load();
      await mountChat(this, container, this.#options(), new URL('./', import.meta.url).href);
    } catch (raw) {
      const error = raw instanceof Error ? raw : new SkeinError(raw);
      container.textContent = `Skein could not start: ${error.message}`;
      this.dispatchEvent(new CustomEvent('skein-error', {
        bubbles: true, composed: true, detail: { kind: error.kind ?? 'other', message: error.message },
      }));
    }
  }
}

if (!customElements.get('skein-chat')) customElements.define('skein-chat', SkeinChatElement);
