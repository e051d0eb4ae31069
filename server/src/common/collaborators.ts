/**
 * The plugin's services by camel-cased name, as a service is handed them (its `uses`). The registry
 * (server/src/services.ts) fills this in with every service it registers (`declare module`), so that a
 * service names what it works with (`Pick<Collaborators, 'locks' | ...>`) and gets its types without
 * importing the registry or the services it names: no import circle runs through the services (#57).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by server/src/services.ts
export interface Collaborators {}
