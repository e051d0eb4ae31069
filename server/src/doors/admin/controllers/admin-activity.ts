import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { DELIVERY_STATUSES } from '../../../../../core/src/config';
import { DELIVERY_KINDS, type ActivityEntry, type DeliverySource } from '../../../../../core/src/contracts';
import { HOOK_QUEUE_STATUSES } from '../../../../../core/src/hooks/queue';
import { REFUSAL_DOORS } from '../../../../../core/src/refusals';
import type { DeliveryQuery } from '../../../pipeline/ledger/deliveries';
import type { HookQueueQuery } from '../../custom-webhooks/services/queue';
import type { RefusalQuery } from '../../../pipeline/ledger/refusals';
import { getService } from '../../../common/get-service';

const SOURCES: readonly DeliverySource[] = ['api', 'webhook', 'wordpress', 'hook', 'mcp'];
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

const positiveInteger = (value: unknown, fallback: number, name: string, max = Number.MAX_SAFE_INTEGER) => {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new errors.ValidationError(`${name} must be an integer from 1 to ${max}`);
  }
  return number;
};

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], name: string): T | undefined => {
  if (value === undefined || value === '') return undefined;
  if (!allowed.includes(value as T))
    throw new errors.ValidationError(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
};

/** `?page&pageSize&status&source&kind` of the activity page, checked. */
function deliveryQuery(query: Context['query']): DeliveryQuery {
  return {
    page: positiveInteger(query.page, 1, 'page'),
    pageSize: positiveInteger(query.pageSize, DEFAULT_PAGE_SIZE, 'pageSize', MAX_PAGE_SIZE),
    status: oneOf<ActivityEntry['requestedStatus']>(query.status, DELIVERY_STATUSES, 'status'),
    source: oneOf(query.source, SOURCES, 'source'),
    kind: oneOf(query.kind, DELIVERY_KINDS, 'kind') ?? 'articles',
  };
}

/** An error code: the contract's and WordPress's are lower-case words joined by `_`. */
const ERROR_CODE = /^[a-z0-9_]{1,100}$/;

/** `?page&pageSize&door&code` of the refused requests, checked. */
function refusalQuery(query: Context['query']): RefusalQuery {
  const code = query.code === undefined || query.code === '' ? undefined : String(query.code);
  if (code !== undefined && !ERROR_CODE.test(code))
    throw new errors.ValidationError('code must be an error code such as rest_invalid_param');
  return {
    page: positiveInteger(query.page, 1, 'page'),
    pageSize: positiveInteger(query.pageSize, DEFAULT_PAGE_SIZE, 'pageSize', MAX_PAGE_SIZE),
    door: oneOf(query.door, REFUSAL_DOORS, 'door'),
    code,
  };
}

/** `?page&pageSize&status` of the queued webhook deliveries, checked. */
function hookQueueQuery(query: Context['query']): HookQueueQuery {
  return {
    page: positiveInteger(query.page, 1, 'page'),
    pageSize: positiveInteger(query.pageSize, DEFAULT_PAGE_SIZE, 'pageSize', MAX_PAGE_SIZE),
    status: oneOf(query.status, HOOK_QUEUE_STATUSES, 'status'),
  };
}

/** Admin API behind the activity page: the ledger, the refused requests, the webhook queue and the failed auth checks. Route policies check RBAC. */
const adminActivityController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async listDeliveries(ctx: Context) {
    ctx.body = await getService(strapi, 'deliveries').listDeliveries(deliveryQuery(ctx.query));
  },

  async listRefusals(ctx: Context) {
    ctx.body = await getService(strapi, 'refusals').list(refusalQuery(ctx.query));
  },

  async listHookQueue(ctx: Context) {
    ctx.body = await getService(strapi, 'hook-queue').list(hookQueueQuery(ctx.query));
  },

  async listAuthFailures(ctx: Context) {
    const { windowSeconds } = getService(strapi, 'plugin-config').static().authThrottle;
    ctx.body = await getService(strapi, 'auth-throttle').authFailuresByClient(windowSeconds);
  },
});

export default adminActivityController;
