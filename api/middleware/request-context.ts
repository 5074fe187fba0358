import { RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Middleware } from 'koa';
import type { Orm } from '../../db/orm';
import type { AppState } from '../context';

/** A fresh EntityManager per request (STYLE: RequestContext per HTTP request). */
export function requestContext(orm: Orm): Middleware<AppState> {
  return (ctx, next) =>
    RequestContext.create(orm.em, () => {
      ctx.state.em = RequestContext.getEntityManager() as EntityManager;
      return next();
    });
}
