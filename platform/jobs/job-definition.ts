import type { Task } from 'graphile-worker';

/** One kind of background job: its task and, when recurring, its cron schedule. */
export interface JobDefinition {
  name: string;
  task: Task;
  /** Cron pattern (minute resolution); the queue makes each tick run once across processes. */
  cron?: string;
}
