/**
 * The endpoint declaration every call uses: method, path, input schema and data schema. The server
 * registers its handler against it and the web wrapper calls it, so both sides share one shape.
 */
import type { z } from 'zod';
import type { StaffPermission } from '../domain/staff.js';

/**
 * Who may call: anyone, a shopper session with a mobile (else 61), a card session (else 34061), or a
 * staff member of the console (HTTP 401 without a session, 403 outside the endpoint's `permission`).
 */
export type EndpointAuth = 'none' | 'shopper' | 'card' | 'staff';

/**
 * What a staff endpoint needs: a permission of the role table (domain/staff.ts), or `self` for the
 * signed-in member's own session (me, logout, password change), which also answers while the first
 * password change is pending.
 */
export type EndpointPermission = StaffPermission | 'self';

export interface Endpoint<
  I extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  A extends EndpointAuth = EndpointAuth,
  P extends string = string,
> {
  method: 'GET' | 'POST';
  /** Kept as its literal type, so tests can key stubs by path (web test/stub-check.ts). */
  path: P;
  /** Query (GET) or body (POST). */
  input: I;
  data: D;
  auth: A;
  /**
   * A card endpoint's module: the `key` of its menu in the card's SimLayout (home menus or the mine
   * page's elements). The server answers 40001 before the handler runs when the layout switches it off.
   */
  module?: A extends 'card' ? string : never;
  /** A staff endpoint's permission, checked by the server's binding against the role table. */
  permission?: A extends 'staff' ? EndpointPermission : never;
  /** spec §5: the one call whose parameters are sent as is, empty values included. */
  sendAsIs?: boolean;
}

export function defineEndpoint<
  I extends z.ZodType,
  D extends z.ZodType,
  const A extends EndpointAuth,
  P extends string,
>(endpoint: Endpoint<I, D, A, P>): Endpoint<I, D, A, P> {
  return endpoint;
}

export type EndpointInput<E> = E extends Endpoint<infer I, z.ZodType> ? z.input<I> : never;
export type EndpointParsedInput<E> = E extends Endpoint<infer I, z.ZodType> ? z.output<I> : never;
export type EndpointData<E> = E extends Endpoint<z.ZodType, infer D> ? z.output<D> : never;
