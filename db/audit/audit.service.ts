import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditLog } from './audit-log.entity';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
}

/** Records an audit entry in the caller's unit of work (flushed with it). */
export function recordAudit(em: EntityManager, entry: AuditEntry): AuditLog {
  return em.create(AuditLog, {
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    details: entry.details ?? {},
  });
}
