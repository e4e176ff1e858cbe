/**
 * The event bus every transport publishes to and every live connection listens on.
 * Between replicas events carry ids only (listeners fetch what they deliver, so no NOTIFY
 * payload limit bites); the in-process bus may hand over the stored message itself.
 */
import type { ChatMessage } from '@crm/domain';

export type BusEvent =
  /**
   * A chat message was stored; its sender's and receiver's connections deliver it. The
   * in-process bus may hand over the stored message itself; across replicas only the ids
   * travel and each replica fetches it.
   */
  | { type: 'message'; messageId: number; senderId: number; receiverId: number; message?: ChatMessage }
  /** `readerId` read these messages of `senderId`'s. */
  | { type: 'read'; messageIds: number[]; readerId: number; senderId: number }
  /** Someone's live connection opened or closed: presence may have changed. */
  | { type: 'presence'; userId: number }
  /** The user was deleted: their live connections on every replica end now, not at the next heartbeat. */
  | { type: 'user-removed'; userId: number }
  /** This replica may have missed events (its listener reconnected): connections catch up from the database. */
  | { type: 'resync' };

/** Where the bus reports trouble (the app's logger once it exists). */
export interface BusLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  /** Resolves once every replica's listeners will receive the event. */
  publish(event: BusEvent): Promise<void>;
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
