// Skein's first screen: what the page shows before the app's WebAssembly has loaded.
//
// When the tab is hidden or closed while the chat shows the conversation the app opens at start
// (the most recent stored one), this script saves a copy of the screen (that conversation's
// latest messages, the conversation list, the composer) in localStorage. On the next visit it
// paints the copy as soon as the page and the stylesheet are in, and its composer takes text,
// while the app (several hundred KB) downloads and starts behind it. Once the app shows its own
// first screen, it is handed what was typed here (and sends it if the user sent it here) and the
// copy goes. With nothing saved (a first visit, or the last screen was another conversation, a
// temporary chat, the settings or the welcome step), nothing is painted and the app is the first
// screen, as without this script.
//
// The copy exists only while the tab is hidden or closed: it is deleted when the page shows
// again, and when the next visit reads it. So a conversation deleted while the page shows never
// lingers in it, and a copy is painted at most once.
//
// The copy is read back as untrusted input (anything in this origin's storage could have written
// it): it is rebuilt with createElement from a fixed list of tags and attributes. No script, no
// event handler, no URL (href, src), no style, no id; a tree too deep or too large is not painted.
//
// The app says what may be saved through attributes on its root element (`.app`):
// - `data-snapshot="keep"`: a stored conversation is on the chat screen, and may be saved;
//   anything else means the saved copy is deleted when the tab is hidden.
// - `data-shown="true"`: the app shows its first screen; the copy hands over and goes.
// - `data-enter-sends`: what Enter does in the composer (else Ctrl or Cmd+Enter sends).
// - `data-conversation`: the conversation on screen. A question sent from the copy is sent by the
//   app only if the app opened the same conversation; else it is left in the composer.
'use strict';
(() => {
  const KEY = 'skein-first-screen';
  const FORMAT = 1;
  // About a screen's worth: every element of the copy is built and laid out before the app's
  // code runs, and delays the app's own start (BENCHMARKS.md, figure 1's analysis).
  const MESSAGES_KEPT = 10;
  const CONVERSATIONS_KEPT = 30;
  const MAX_CHARS = 600_000;
  const MAX_DEPTH = 48;
  const MAX_NODES = 20_000;
  // The app's screen shows within this long after it says it is ready, or the copy goes anyway
  // (a conversation with no message shows nothing to wait for); with no app after NO_APP_MS
  // (its code failed to load), the copy goes too, so that it never stands for a working app.
  const AFTER_READY_MS = 2_000;
  const NO_APP_MS = 30_000;
  const SVG = 'http://www.w3.org/2000/svg';
  const MATHML = 'http://www.w3.org/1998/Math/MathML';
  const TAGS = new Set(('div span p header main nav section article aside footer h1 h2 h3 h4 h5 h6 ul ol li '
    + 'pre code blockquote table thead tbody tr th td em strong del s b i u sup sub small mark kbd '
    + 'hr br a button label form textarea input select option optgroup details summary time figure '
    + 'figcaption progress').split(' '));
  const SVG_TAGS = new Set('svg path circle rect line polyline polygon g'.split(' '));
  // Math in answers (components/src/math_view.rs).
  const MATH_TAGS = new Set(('math merror mfrac mi mn mo mover mroot mrow mspace msqrt msub '
    + 'msubsup msup mtable mtd mtext mtr munder munderover').split(' '));
  const ATTRIBUTES = new Set(('class role title type disabled hidden placeholder rows dir lang '
    + 'colspan rowspan start selected open viewBox d fill stroke stroke-width stroke-linecap stroke-linejoin '
    + 'fill-rule clip-rule cx cy r rx ry x y x1 y1 x2 y2 width height points value max display '
    + 'mathvariant linethickness stretchy accent accentunder fence columnalign').split(' '));
  // What the app's root says to this script, and live regions: not part of the copy.
  const OMITTED_ATTRIBUTES = new Set(['data-testid', 'data-ready', 'data-snapshot', 'data-shown',
    'data-enter-sends', 'data-conversation', 'aria-live', 'aria-controls', 'aria-describedby', 'aria-labelledby']);
  // Dialogs, banners, notices, toasts and live regions belong to the moment, not to the screen;
  // a file input would open a picker.
  const OMITTED = 'dialog, [role=dialog], [role=alert], [role=status], [aria-live], .notice, '
    + '.toast, input[type=file]';

  const allowedAttribute = (name) => !OMITTED_ATTRIBUTES.has(name)
    && (ATTRIBUTES.has(name) || /^(aria|data)-[a-z0-9-]+$/.test(name));

  const tagsOf = (namespace) => (namespace === SVG ? SVG_TAGS : namespace === MATHML ? MATH_TAGS : TAGS);

  /// The app's own root, not the copy.
  const appRoot = () => document.querySelector('body > .app');

  // Saving

  const forget = () => {
    try { localStorage.removeItem(KEY); } catch { /* nothing kept */ }
  };

  function copyOf(element, depth, messagesKept) {
    const tag = element.localName;
    if (depth > MAX_DEPTH || !tagsOf(element.namespaceURI).has(tag) || element.matches(OMITTED)) return null;
    const attributes = {};
    for (const { name, value } of element.attributes) {
      if (allowedAttribute(name)) attributes[name] = value;
    }
    // On a phone the conversation list is a drawer: the copy starts with it closed.
    if (attributes['data-drawer']) attributes['data-drawer'] = 'closed';
    // Which option a list shows is a property, not an attribute.
    if (tag === 'option' && element.selected) attributes.selected = '';
    const node = [tag, attributes];
    if (tag === 'textarea' || tag === 'input') return node; // what is typed is not kept
    let children = [...element.childNodes];
    if (element.classList.contains('messages')) {
      const messages = children.filter((c) => c.nodeType === 1 && c.classList.contains('message'));
      const dropped = new Set(messages.slice(0, Math.max(0, messages.length - messagesKept)));
      children = children.filter((c) => !dropped.has(c) && !(c.nodeType === 1 && c.classList.contains('show-earlier')));
    } else if (element.classList.contains('conversation-list')) {
      children = children.filter((c) => c.nodeType === 1).slice(0, CONVERSATIONS_KEPT);
    }
    for (const child of children) {
      if (child.nodeType === 3) node.push(child.data);
      else if (child.nodeType === 1) {
        const copy = copyOf(child, depth + 1, messagesKept);
        if (copy) node.push(copy);
      }
    }
    return node;
  }

  // The copy painted now, as read: put back if the page goes before the app has started (a
  // second reload straight after the first), so the visit after that starts with it too.
  let painted = null;

  function save() {
    const app = appRoot();
    if (!app) {
      try {
        if (painted) localStorage.setItem(KEY, painted);
      } catch { /* the next visit starts without it */ }
      return;
    }
    try {
      if (app.getAttribute('data-snapshot') !== 'keep') {
        forget();
        return;
      }
      const root = document.documentElement;
      const copy = (messagesKept) => JSON.stringify({
        format: FORMAT,
        lang: root.getAttribute('lang') || '',
        dir: root.getAttribute('dir') || '',
        theme: root.getAttribute('data-theme') || '',
        enterSends: app.getAttribute('data-enter-sends') !== 'false',
        conversation: app.getAttribute('data-conversation') || '',
        screen: copyOf(app, 0, messagesKept),
      });
      // Long answers (highlighted code above all) make a large copy: fewer messages, then.
      let kept = MESSAGES_KEPT;
      let saved = copy(kept);
      while (saved.length > MAX_CHARS && kept > 1) {
        kept = Math.ceil(kept / 2);
        saved = copy(kept);
      }
      if (saved.length > MAX_CHARS) forget();
      else localStorage.setItem(KEY, saved);
    } catch {
      forget(); // storage full or refused: the next visit starts without the copy
    }
  }

  addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
    else forget();
  });

  // Painting

  /// `namespace`: the parent's (null for HTML); `svg` and `math` start their own.
  function build(tree, depth, budget, namespace) {
    if (typeof tree === 'string') return document.createTextNode(tree);
    if (!Array.isArray(tree) || typeof tree[0] !== 'string' || depth > MAX_DEPTH) return null;
    budget.left -= 1;
    if (budget.left < 0) return null;
    const tag = tree[0];
    const space = namespace ?? (tag === 'svg' ? SVG : tag === 'math' ? MATHML : null);
    if (!tagsOf(space).has(tag)) return null;
    const element = space ? document.createElementNS(space, tag) : document.createElement(tag);
    const attributes = tree[1];
    if (attributes && typeof attributes === 'object' && !Array.isArray(attributes)) {
      for (const [name, value] of Object.entries(attributes)) {
        if (typeof value === 'string' && allowedAttribute(name)) {
          try { element.setAttribute(name, value); } catch { /* a name the DOM refuses */ }
        }
      }
    }
    for (const child of tree.slice(2)) {
      const built = build(child, depth + 1, budget, space);
      if (built) element.append(built);
    }
    return element;
  }

  /// The copy, taken out of storage: it is painted once.
  function readSaved() {
    try {
      const text = localStorage.getItem(KEY);
      forget();
      const saved = JSON.parse(text || 'null');
      if (!saved || saved.format !== FORMAT || !Array.isArray(saved.screen)) return null;
      saved.text = text;
      return saved;
    } catch {
      return null;
    }
  }

  function paint() {
    const saved = readSaved();
    if (!saved || saved.screen[0] !== 'div') return;
    const app = build(saved.screen, 0, { left: MAX_NODES }, null);
    if (!app) return;
    const shell = document.createElement('div');
    shell.className = 'first-screen';
    shell.setAttribute('aria-busy', 'true');
    shell.append(app);
    const composer = shell.querySelector('.composer');
    const input = composer && composer.querySelector('textarea');
    if (!input) return;
    const root = document.documentElement;
    for (const [name, value] of [['lang', saved.lang], ['dir', saved.dir], ['data-theme', saved.theme]]) {
      if (typeof value === 'string' && /^[A-Za-z0-9-]{1,35}$/.test(value)) root.setAttribute(name, value);
    }
    input.disabled = false;
    const send = composer.querySelector('button[type=submit]');
    if (send) {
      send.disabled = true;
      input.addEventListener('input', () => { send.disabled = !input.value.trim(); });
    }
    const state = { queued: false };
    const queue = () => {
      if (!input.value.trim()) return;
      state.queued = true;
      input.readOnly = true;
      shell.classList.add('first-screen-sending');
    };
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || event.isComposing) return;
      const modifier = event.ctrlKey || event.metaKey;
      if (saved.enterSends === false ? modifier : !event.shiftKey) {
        event.preventDefault();
        queue();
      }
    });
    composer.addEventListener('submit', (event) => { event.preventDefault(); queue(); });
    // Nothing in the copy works yet but the composer: the rest is out of the keyboard's way, and
    // the stylesheet lets no pointer reach it (`.first-screen`).
    for (const control of shell.querySelectorAll('button, select, input, a, summary')) {
      if (!composer.contains(control) || control.localName === 'input') control.tabIndex = -1;
    }
    document.body.prepend(shell);
    painted = saved.text;
    performance.mark('skein-first-screen');
    watch(shell, input, state, saved.conversation);
  }

  /// Hands what was typed to the app's composer once the app shows its first screen.
  function watch(shell, input, state, conversation) {
    let readyAt = 0;
    const started = performance.now();
    const handOver = () => {
      painted = null;
      observer.disconnect();
      clearInterval(timer);
      const app = appRoot();
      const target = app && app.querySelector('.composer textarea');
      const text = input.value;
      const focused = document.activeElement === input;
      const [start, end] = [input.selectionStart, input.selectionEnd];
      shell.remove();
      if (!target || !text) return;
      const had = target.value;
      target.value = had ? `${had}\n${text}` : text;
      target.dispatchEvent(new Event('input', { bubbles: true }));
      if (focused) {
        const offset = had ? had.length + 1 : 0;
        target.focus();
        target.setSelectionRange(start + offset, end + offset);
      }
      const same = conversation && app.getAttribute('data-conversation') === conversation;
      if (state.queued && same && !had && target.form) target.form.requestSubmit();
    };
    const check = () => {
      const app = appRoot();
      if (app && app.getAttribute('data-shown') === 'true') return handOver();
      if (app && app.getAttribute('data-ready') === 'true') {
        readyAt = readyAt || performance.now();
        if (performance.now() - readyAt > AFTER_READY_MS) return handOver();
      } else if (performance.now() - started > NO_APP_MS) {
        return handOver();
      }
      return undefined;
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, attributeFilter: ['data-shown', 'data-ready'] });
    const timer = setInterval(check, 250);
  }

  paint();
})();
