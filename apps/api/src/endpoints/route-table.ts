/** Keeps every route the app registers, so a test can walk the table and find any undeclared one. */
import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in order (HEAD twins of GET routes included). */
    routeTable: readonly RouteOptions[];
  }
}

/** Before any route: later ones would go unrecorded. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteOptions[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    table.push(route);
  });
}
