/**
 * The event bus every transport publishes to and every live connection listens on. A live
 * event travels whole inside one replica; between replicas as its wire form (see
 * live/live-events.ts), which the receiving hub turns back into the event.
 */
import type { LiveEvent, WireEvent } from '../live/live-events.js';

/** Whose connections an event is for: these users', or everyone's. */
export type Audience = { userIds: number[] } | { everyone: true };

export type BusEvent =
  /** A live event for its audience's connections, as published on this replica. */
  | { type: 'deliver'; to: Audience; event: LiveEvent }
  /** The same, as it arrived from another replica (or through PostgreSQL from this one). */
  | { type: 'deliver-wire'; to: Audience; wire: WireEvent }
  /**
   * Sessions of this user ended (logout, password change, deletion): every replica ends their live
   * connections now. `everyConnection`: all of them, their sessions still valid (a role now requires
   * a second factor they have not set up: they reconnect, and are refused until they enrol).
   */
  | { type: 'sessions-ended'; userId: number; everyConnection?: true }
  /** This replica may have missed events (its listener reconnected): connections catch up from the database. */
  | { type: 'resync' };

/** Where the bus reports trouble (the app's logger once it exists). */
export interface BusLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  /** Resolves once every replica's listeners will receive the events (in their order; several travel together where they fit). */
  publish(...events: BusEvent[]): Promise<void>;
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

/** Delivers to local listeners; a throwing listener must not stop the others. */
export class ListenerSet {
  private readonly listeners = new Set<BusListener>();

  add(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: BusEvent, onError: (error: unknown) => void): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        onError(error);
      }
    }
  }
}
