import type { EntityManager } from '@mikro-orm/postgresql';
import type { Middleware } from 'koa';
import type { Orm } from '../../db/orm';
import type { AppState } from '../context';

/** ctx.state with the EntityManager forked on first use: a call answered from telegramAuth's caches needs none. */
class RequestState {
  #em: EntityManager | undefined;
  constructor(private readonly orm: Orm) {}

  // useContext: inside em.transactional the fork resolves to the transaction's manager, as RequestContext's fork does.
  get em(): EntityManager {
    return (this.#em ??= this.orm.em.fork({ useContext: true }) as EntityManager);
  }
}

/** A fresh EntityManager per request (STYLE: a fresh EntityManager per unit of work), forked lazily. */
export function requestContext(orm: Orm): Middleware<AppState> {
  return (ctx, next) => {
    ctx.state = new RequestState(orm) as unknown as AppState;
    return next();
  };
}
