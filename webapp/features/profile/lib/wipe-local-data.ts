function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

async function wipeIndexedDb(): Promise<void> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  const databases = await indexedDB.databases();
  await Promise.all(databases.flatMap((db) => (db.name ? [deleteDatabase(db.name)] : [])));
}

function wipeCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** Everything this origin keeps in the browser: local and session storage, IndexedDB, cookies (end-user.md §2). */
export async function wipeLocalData(): Promise<void> {
  for (const wipe of [() => localStorage.clear(), () => sessionStorage.clear(), wipeCookies]) {
    try {
      wipe();
    } catch {
      // storage may be unavailable (private mode); the rest still goes
    }
  }
  await wipeIndexedDb().catch(() => undefined);
}
