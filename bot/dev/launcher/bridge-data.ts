/** The fields of a bridge event's data: whatever the mini app posted, read field by field with a type check. */
export type EventFields = Record<string, unknown>;

export const fieldsOf = (data: unknown): EventFields =>
  typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as EventFields) : {};

export const stringField = (fields: EventFields, key: string): string | undefined => {
  const value = fields[key];
  return typeof value === 'string' ? value : undefined;
};
