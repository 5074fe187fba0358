import type { DomainEvent } from './domain-events';

// Dates are tagged explicitly: a message text that merely looks like a date must stay a string.
function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const original = this[key];
  return original instanceof Date ? { $date: original.toISOString() } : value;
}

function reviver(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const tagged = value as { $date?: unknown };
    if (typeof tagged.$date === 'string' && Object.keys(value).length === 1) return new Date(tagged.$date);
  }
  return value;
}

/** A domain event as text for another process (Redis, a job payload); Dates come back as Dates. */
export const encodeEvent = (event: DomainEvent): string => JSON.stringify(event, replacer);
export const decodeEvent = (text: string): DomainEvent => JSON.parse(text, reviver) as DomainEvent;
