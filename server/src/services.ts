import type { Core } from '@strapi/strapi';
import { customWebhookServices } from './doors/custom-webhooks/services';
import { mcpServices } from './doors/mcp/services';
import { serviceApiServices } from './doors/service-api/services';
import { wordpressServices } from './doors/wordpress/services';
import gate from './gate';
import { pipelineServices } from './pipeline';
import { sharedServices } from './common/services';
import type { Collaborators } from './common/collaborators';
import { PLUGIN_ID } from './common/plugin-id';
import entryEventReads from './strapi/entry-event-reads';
import articleWork from './worker/pool';

/** Every service of the plugin, gathered from its rooms (docs/design.md's map), as each room declares it. */
const factories = {
  ...sharedServices,
  'article-work': articleWork,
  'entry-event-reads': entryEventReads,
  gate,
  ...pipelineServices,
  ...serviceApiServices,
  ...customWebhookServices,
  ...wordpressServices,
  ...mcpServices,
};

type Factories = typeof factories;
type ServiceName = keyof Factories;
export type PluginServices = { [Name in ServiceName]: ReturnType<Factories[Name]> };

type CamelCase<Name extends string> = Name extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;

/** The services by camel-cased name, as each service is handed them (common/collaborators.ts). */
declare module './common/collaborators' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an augmentation: the registry is its body
  interface Collaborators extends Registered {}
}
type Registered = { [Name in ServiceName as CamelCase<Name>]: PluginServices[Name] };

/**
 * A service's collaborators, each looked up when the service first touches it (services are created in
 * any order, and another may not exist yet when this one is). A service's own `Uses` names what it works
 * with (a `Pick` of these).
 */
function collaboratorsOf(strapi: Core.Strapi): Collaborators {
  const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return new Proxy({} as Collaborators, {
    get: (_target, name) =>
      typeof name === 'string' ? strapi.plugin(PLUGIN_ID).service(kebab(name)) : undefined,
  });
}

type ServiceFactory = (context: { strapi: Core.Strapi; uses: Collaborators }) => unknown;

/** The services as Strapi registers them: each factory is handed Strapi and its collaborators. */
const services = Object.fromEntries(
  Object.entries(factories).map(([name, factory]) => [
    name,
    ({ strapi }: { strapi: Core.Strapi }) =>
      (factory as ServiceFactory)({ strapi, uses: collaboratorsOf(strapi) }),
  ])
) as { [Name in ServiceName]: (context: { strapi: Core.Strapi }) => PluginServices[Name] };

export default services;
