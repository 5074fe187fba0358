import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { Database } from './kysely';
import { PREPARE_MARK } from '../platform/postgres/prepared-statements';

/** A named parameter of a compiled shape: each call gives its own value. */
export interface Slot<T> {
  readonly kind: 'slot';
  /** A stand-in no real value or other slot has: what the builder sees while the shape is compiled. */
  readonly standIn: (n: number) => T;
}

/** A parameter whose value never changes (a kind, a status): still a parameter, as the built statement had it. */
export interface Fixed<T> {
  readonly kind: 'fixed';
  readonly value: T;
  readonly standIn: (n: number) => T;
}

type Spec = Record<string, Slot<unknown> | Fixed<unknown>>;
/** What the builder sees: every slot and fixed value. */
export type SlotValues<S extends Spec> = { [K in keyof S]: S[K] extends Slot<infer T> | Fixed<infer T> ? T : never };
/** What a caller passes: the slots (fixed values are the shape's own). */
export type SlotArgs<S extends Spec> = { [K in keyof S as S[K] extends Fixed<unknown> ? never : K]: SlotValues<S>[K] };

// Stand-ins of the value's own type, so the builder treats them as it treats the real values.
const opaque = <T>(n: number) => Object.freeze({ compiledOnceSlot: n }) as unknown as T;
export const slot = {
  number: (): Slot<number> => ({ kind: 'slot', standIn: (n) => -9_000_000 - n }),
  string: (): Slot<string> => ({ kind: 'slot', standIn: (n) => `\u0000slot ${n}` }),
  /** Any other value (a Date, an array, a boolean, null): only ever handed to Kysely as a value, never read by the builder. */
  value: <T>(): Slot<T> => ({ kind: 'slot', standIn: opaque }),
};
export const fixed = <T>(value: T): Fixed<T> => ({
  kind: 'fixed',
  value,
  standIn: typeof value === 'number' ? (n) => (-9_000_000 - n) as T : typeof value === 'string' ? (n) => `\u0000slot ${n}` as T : opaque,
});

let standIns = 0;

interface CompiledShape<S extends Spec, O> {
  /** The rows of the shape run with `args` on `db` (its connection or transaction). */
  rows(db: Kysely<Database>, args: SlotArgs<S>): Promise<O[]>;
  /** The compiled query with `args` as its parameters (compiled on the first call). */
  compile(db: Kysely<Database>, args: SlotArgs<S>): CompiledQuery<O>;
  /** The statement built and compiled anew with `args`, as it was before (the replay's baseline, the check). */
  build(db: Kysely<Database>, args: SlotArgs<S>): CompiledQuery<O>;
  /** The compiled text, once compiled. */
  readonly text: string | undefined;
  /** The arguments a run of this shape had, from its parameters (the replay's values). */
  argsOf(parameters: readonly unknown[]): SlotArgs<S>;
}

/**
 * A statement of a fixed shape built and compiled once, then run with each call's values in its named slots:
 * building and compiling a Kysely tree on every call was 15 % of the API's busy CPU (issue 42). The text ends with
 * PREPARE_MARK, so each connection prepares it once. Every parameter must be a slot or a fixed value: a value the
 * builder took from elsewhere would be frozen into every later call, so the shape is refused instead.
 */
export function compiledOnce<S extends Spec, O>(spec: S, build: (db: Kysely<Database>, v: SlotValues<S>) => Compilable<O>) {
  const names = Object.keys(spec) as Array<keyof S & string>;
  const values = (args: SlotArgs<S>) =>
    Object.fromEntries(names.map((k) => [k, spec[k]!.kind === 'fixed' ? (spec[k] as Fixed<unknown>).value : (args as never)[k]]));
  let prepared: { compiled: CompiledQuery<O>; slots: Array<keyof S & string> } | undefined;
  const withMark = (q: CompiledQuery<O>) => (q.sql.endsWith(PREPARE_MARK) ? q : { ...q, sql: q.sql + PREPARE_MARK });

  const prepare = (db: Kysely<Database>, args: SlotArgs<S>) => {
    const stand = Object.fromEntries(names.map((k) => [k, spec[k]!.standIn(++standIns)]));
    const compiled = withMark(build(db, stand as SlotValues<S>).compile());
    const slotOf = new Map<unknown, keyof S & string>(names.map((k) => [stand[k], k]));
    const slots = compiled.parameters.map((p) => {
      const name = slotOf.get(p);
      if (name === undefined) throw new Error(`compiledOnce: parameter ${String(p)} is neither a slot nor fixed`);
      return name;
    });
    // The first call's statement built as before must be the same text: a shape that depends on a value is refused.
    const v = values(args);
    const fresh = withMark(build(db, v as SlotValues<S>).compile());
    const same = fresh.sql === compiled.sql && fresh.parameters.every((p, i) => Object.is(p, v[slots[i]!]));
    if (!same) throw new Error('compiledOnce: the statement depends on its values beyond its slots');
    return { compiled, slots };
  };

  const shape: CompiledShape<S, O> = {
    compile(db, args) {
      prepared ??= prepare(db, args);
      const v = values(args);
      return { ...prepared.compiled, parameters: prepared.slots.map((k) => v[k]) };
    },
    async rows(db, args) {
      return (await db.executeQuery(shape.compile(db, args))).rows;
    },
    build: (db, args) => withMark(build(db, values(args) as SlotValues<S>).compile()),
    get text() {
      return prepared?.compiled.sql;
    },
    argsOf(parameters) {
      const args: Record<string, unknown> = {};
      prepared?.slots.forEach((k, i) => (args[k] = parameters[i]));
      return args as SlotArgs<S>;
    },
  };
  shapes.push(shape as CompiledShape<Spec, unknown>);
  return shape;
}

const shapes: Array<CompiledShape<Spec, unknown>> = [];

/** Every shape of the process (the capacity replay's list of what is compiled once). */
export const compiledShapes = (): ReadonlyArray<CompiledShape<Spec, unknown>> => shapes;
