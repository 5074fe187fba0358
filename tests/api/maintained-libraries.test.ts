import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 41: request-path infrastructure comes from maintained packages through their documented APIs; the
// hand-written copies they replaced must not come back (security-relevant parsing in particular tracks upstream).
const root = new URL('../..', import.meta.url);
const REPLACED = {
  'api/middleware/json-body.ts': 'koa-body',
  'api/route-groups.ts': '@koa/router',
  'api/middleware/rate-limiter.ts': 'rate-limiter-flexible',
  'api/middleware/redis-hit-counter.ts': 'rate-limiter-flexible',
  'api/precompressed.ts': 'koa-send',
};
const USED_BY = {
  'api/middleware/body.ts': 'koa-body',
  'api/app.ts': '@koa/router',
  'api/middleware/compress.ts': 'koa-compress',
  'api/static.ts': 'koa-send',
  'api/middleware/rate-limits.ts': 'rate-limiter-flexible',
};

describe('maintained libraries on the request path', () => {
  const { dependencies } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { dependencies: Record<string, string> };

  it.for(Object.entries(REPLACED))('%s is gone (replaced by %s)', ([file, pkg]) => {
    expect(existsSync(new URL(file, root))).toBe(false);
    expect(dependencies[pkg]).toBeDefined();
  });

  it.for(Object.entries(USED_BY))('%s imports %s', ([file, pkg]) => {
    expect(readFileSync(new URL(file, root), 'utf8')).toMatch(new RegExp(`from '${pkg}'`));
    expect(dependencies[pkg]).toMatch(/^\d+\.\d+\.\d+$|^\^\d/);
  });
});
