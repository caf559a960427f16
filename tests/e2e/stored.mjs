// What a page of the app has on disk, read from the page: its answers as IndexedDB holds them,
// and how many stream journals are left (engine/src/chat/stream_journal.rs). For the tests and
// the benchmarks of what survives a closed or killed page.

/// The assistant messages as IndexedDB holds them now, oldest first: their status and text.
export const storedAnswers = (page) => page.evaluate(async () => {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('skein');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const all = await new Promise((resolve) => {
    const read = db.transaction('messages').objectStore('messages').getAll();
    read.onsuccess = () => resolve(read.result);
  });
  db.close();
  return all.filter((m) => m.role === 'assistant')
    .sort((a, b) => a.created_at_ms - b.created_at_ms)
    .map((m) => ({ status: m.status, text: m.parts.map((p) => p.text ?? '').join('') }));
});

/// How many stream journal files the origin's private file system holds.
export const journalFiles = (page) => page.evaluate(async () => {
  const root = await navigator.storage.getDirectory();
  const journals = await root.getDirectoryHandle('stream-journal').catch(() => null);
  let files = 0;
  if (journals !== null) {
    for await (const [, conversation] of journals.entries()) {
      for await (const entry of conversation.values()) if (entry) files += 1;
    }
  }
  return files;
});
