/**
 * Verification codes leave the server through a MailAdapter. The default one writes every message to the
 * `outbox` table and logs one line `{"msg":"mail sent","to":...,"scene":...,"code":...}` at info level
 * (the browser tests read codes from the log). A real SMTP or SMS gateway implements the same interface.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db';

export interface OutgoingMessage {
  channel: 'mail' | 'sms';
  to: string;
  scene: string;
  subject: string;
  body: string;
  code?: string;
}

export interface MailAdapter {
  send(message: OutgoingMessage): Promise<void>;
}

export class OutboxMailAdapter implements MailAdapter {
  constructor(private readonly db: Kysely<DB>, private readonly log: Logger) {}

  async send(m: OutgoingMessage): Promise<void> {
    await this.db.insertInto('outbox').values({
      channel: m.channel, recipient: m.to, scene: m.scene, subject: m.subject, body: m.body, code: m.code ?? null,
    }).execute();
    this.log.info({ to: m.to, scene: m.scene, code: m.code, channel: m.channel }, 'mail sent');
  }
}
