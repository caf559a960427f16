// AES-256-GCM through WebCrypto for sync (platform/src/sync_cipher.rs): each sealed body is a
// random 12-byte nonce followed by the ciphertext and tag, bound to its document id as
// additional data. Also the pause the key derivation takes between its steps.

export function importSyncKey(raw) {
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

export async function syncSeal(key, aad, plain) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad }, key, plain));
  const out = new Uint8Array(12 + sealed.length);
  out.set(iv, 0);
  out.set(sealed, 12);
  return out;
}

export async function syncOpen(key, aad, sealed) {
  if (sealed.length < 12 + 16) throw new Error('the sealed body is too short');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: sealed.subarray(0, 12), additionalData: aad }, key, sealed.subarray(12));
  return new Uint8Array(plain);
}

export function syncRandomBytes(n) {
  return crypto.getRandomValues(new Uint8Array(n));
}

/// Gives the thread back for a moment: `scheduler.yield()` where the browser has it (no timer
/// clamping, and the rest runs before other queued work), else a zero-delay timer.
export function syncPause() {
  const scheduler = globalThis.scheduler;
  if (scheduler && typeof scheduler.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
