// Skein's extension service worker: the toolbar button and its keyboard command open the side
// panel; two context-menu entries hand the panel a question about the page. Nothing runs on a
// page until the user picks an entry (then `activeTab` lets this read the page once).
//
// The panel (the Skein app) reads what to ask from `chrome.storage.session` under `skeinAsk`:
// `{ kind: 'selection', text, url, title }` or `{ kind: 'page', text, url, title }`.

const ASK_KEY = 'skeinAsk';

chrome.runtime.onInstalled.addListener(() => {
  chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true });
  chrome.contextMenus.create({ id: 'skein-selection', title: 'Ask Skein about the selection', contexts: ['selection'] });
  chrome.contextMenus.create({ id: 'skein-page', title: 'Chat about this page', contexts: ['page'] });
});

/// The page's readable text: its main element if it has one, else the body.
function readPage() {
  const main = document.querySelector('main, article, [role=main]') ?? document.body;
  return { title: document.title, url: location.href, text: main.innerText };
}

async function ask(info, tab) {
  if (info.menuItemId === 'skein-selection') {
    return { kind: 'selection', text: info.selectionText ?? '', url: tab?.url ?? '', title: tab?.title ?? '' };
  }
  const [result] = await chrome.scripting.executeScript({ target: { tabId: tab.id }, func: readPage });
  return { kind: 'page', ...result.result };
}

chrome.contextMenus.onClicked.addListener((info, tab) => {
  // Opening the panel must happen in the click's own turn.
  const opened = chrome.sidePanel.open({ windowId: tab.windowId });
  ask(info, tab)
    .then((request) => chrome.storage.session.set({ [ASK_KEY]: { ...request, at: Date.now() } }))
    .catch((error) => chrome.storage.session.set({ [ASK_KEY]: { kind: 'error', text: String(error), at: Date.now() } }));
  return opened;
});

// For tests and the keyboard: the same entries, asked by message from an extension page.
self.skeinAsk = (info, tab) => ask(info, tab).then((request) => chrome.storage.session.set({ [ASK_KEY]: { ...request, at: Date.now() } }));
