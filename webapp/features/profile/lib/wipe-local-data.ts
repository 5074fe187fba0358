function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    // Blocked: another tab holds it open; it is deleted once that tab lets go.
    request.onblocked = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`IndexedDB ${name} was not deleted`));
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

/**
 * Everything this origin keeps in the browser: local and session storage, IndexedDB, cookies (end-user.md §2).
 * Every part is tried; the promise rejects when any of them failed, so the caller can say so.
 */
export async function wipeLocalData(): Promise<void> {
  const failures: unknown[] = [];
  for (const wipe of [() => localStorage.clear(), () => sessionStorage.clear(), wipeCookies]) {
    try {
      wipe();
    } catch (error) {
      failures.push(error);
    }
  }
  await wipeIndexedDb().catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw new Error('Local data was not fully wiped', { cause: failures });
}
