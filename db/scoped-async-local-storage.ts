import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * AsyncLocalStorage that costs nothing while no `run` of it is in flight. On Node 20 an instance's first `run`
 * enables async hooks for good: from then on every promise and every socket write of the process runs Node's
 * init/before/after hooks, whether any store is used or not. MikroORM runs one for every transaction, flush and
 * ws request context, so after the first write every API call paid them: about a tenth of a cached call's CPU
 * (`npm run profile:api`, POST /api/telegram/validate). Here each instance counts its runs in flight (a run
 * that returns a promise is in flight until it settles) and disables itself when the count is back to zero;
 * the hooks go off with the last enabled instance and on again with the next run. Work a run started is in its
 * context as before; only work it leaves behind, still running after the run settled, reads no store
 * (Node defers switching promise hooks off past the current reaction, so a disable inside one is safe).
 * Node 24's AsyncContextFrame makes this unnecessary. Idempotent.
 */
export function scopeAsyncLocalStorage(): void {
  if (AsyncLocalStorage.prototype.run !== unscopedRun) return;
  AsyncLocalStorage.prototype.run = scopedRun as typeof unscopedRun;
}

const unscopedRun = AsyncLocalStorage.prototype.run;
const inFlight = new WeakMap<AsyncLocalStorage<unknown>, number>();

function release(storage: AsyncLocalStorage<unknown>): void {
  const left = (inFlight.get(storage) ?? 1) - 1;
  inFlight.set(storage, left);
  if (left === 0) storage.disable();
}

function scopedRun<R>(this: AsyncLocalStorage<unknown>, store: unknown, callback: (...args: unknown[]) => R, ...args: unknown[]): R {
  inFlight.set(this, (inFlight.get(this) ?? 0) + 1);
  let result: R;
  try {
    result = unscopedRun.call(this, store, callback, ...args) as R;
  } catch (err) {
    release(this);
    throw err;
  }
  // Only a native promise is waited for: calling `then` on another thenable (a query builder) could run it.
  // The caller still sees the rejection of the promise it holds.
  if (result instanceof Promise) result.then(() => release(this), () => release(this));
  else release(this);
  return result;
}

/** Runs in flight on `storage` (tests). */
export const runsInFlight = (storage: AsyncLocalStorage<unknown>): number => inFlight.get(storage) ?? 0;
