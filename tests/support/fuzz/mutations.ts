import fc from 'fast-check';
import { hostileValue, replacementFor } from './hostile-values';

/** One change to a seed object: a field dropped, a field's value replaced, or a field added. */
type Mutation = { op: 'drop'; key: string } | { op: 'set'; key: string; value: unknown } | { op: 'add'; key: string; value: unknown };
/** A plan applied to the current seed when the case runs (the seed's ids are renewed between cases). */
export type Plan = { whole: unknown } | { mutations: Mutation[] };

const EXTRA_KEYS = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'initData', 'wandSizeCm', 'role', 'isBanned', 'telegramId', 'ok'),
);

function mutation(seed: Record<string, unknown>): fc.Arbitrary<Mutation> {
  const keys = Object.keys(seed);
  const add = fc.record({ op: fc.constant('add' as const), key: EXTRA_KEYS, value: hostileValue });
  if (keys.length === 0) return add;
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    fc.record({ op: fc.constant('drop' as const), key }),
    { arbitrary: key.chain((k) => replacementFor(seed[k]).map((value) => ({ op: 'set' as const, key: k, value }))), weight: 3 },
    add,
  );
}

/** Mostly one to three changes of the seed; sometimes something else entirely (an array, a string...). */
export function planFor(seed: Record<string, unknown>): fc.Arbitrary<Plan> {
  return fc.oneof(
    { arbitrary: fc.array(mutation(seed), { minLength: 1, maxLength: 3 }).map((mutations) => ({ mutations })), weight: 5 },
    { arbitrary: hostileValue.map((whole) => ({ whole })), weight: 1 },
  );
}

/** The seed with the plan's changes; `__proto__` and friends become real keys (as JSON would carry them). */
export function applyPlan(seed: Record<string, unknown>, plan: Plan): unknown {
  if ('whole' in plan) return plan.whole;
  const out: Record<string, unknown> = { ...seed };
  for (const m of plan.mutations) {
    if (m.op === 'drop') delete out[m.key];
    else Object.defineProperty(out, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
