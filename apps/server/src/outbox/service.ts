import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../platform/clock.ts';
import type { OutboxStore } from './store.ts';

export type Channel = 'sms' | 'voice' | 'email';

/** Sends a text to a customer. Production plugs an SMS/mail gateway in here. */
export interface Messenger {
  send(msg: { recipient: string; channel: Channel; text: string; code?: string }): Promise<void>;
}

/**
 * The embedded gateway: every message lands in the outbox table (shown on /dev/outbox). In
 * development it is also written to the log, as an SMS gateway's console would show it; a
 * deployment with a real gateway never logs codes.
 */
export function outboxMessenger(deps: { store: OutboxStore; clock: Clock; log?: FastifyBaseLogger; echoToLog: boolean }): Messenger {
  return {
    async send(msg) {
      await deps.store.insert({
        recipient: msg.recipient,
        channel: msg.channel,
        text: msg.text,
        code: msg.code ?? null,
        createdAt: deps.clock.now(),
      });
      if (deps.echoToLog) deps.log?.info({ outbox: { to: msg.recipient, channel: msg.channel } }, `[Outbox] ${msg.text}`);
    },
  };
}
