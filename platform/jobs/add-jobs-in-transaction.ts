import { sql, type QueryExecutorProvider } from 'kysely';

export interface TransactionJob {
  payload: unknown;
  /** One job per key (graphile-worker replaces a waiting job of the same key). */
  jobKey: string;
}

/**
 * Adds jobs in the caller's transaction with graphile-worker's own SQL (graphile_worker.add_job), so they exist
 * exactly when the transaction commits; one statement for all of them.
 */
export async function addJobsInTransaction(tx: QueryExecutorProvider, task: string, jobs: readonly TransactionJob[]): Promise<void> {
  if (jobs.length === 0) return;
  // graphile_worker's function, not an entity: the typed escape hatch (Kysely's sql tag), result unused.
  await sql`SELECT graphile_worker.add_job(${task}, j->'payload', job_key := j->>'jobKey') FROM json_array_elements(${JSON.stringify(jobs)}::json) AS j`.execute(
    tx,
  );
}
