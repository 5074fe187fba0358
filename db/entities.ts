import { AuditLog } from './audit/audit-log.entity';
import { User } from './users/user.entity';

/** Every entity the ORM knows; features add theirs here. */
export const entities = [User, AuditLog];
