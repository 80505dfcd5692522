import { describe, expect, it } from 'vitest';
import { attachmentSchema, ticketEntrySchema } from './ticket-contracts';

const attachment = {
  name: 'Personalausweis.pdf',
  attachmentId: 'att-1',
  attachmentSize: 482_133,
  threadId: 'thr-7',
  isAgentAttachment: false,
};

const entry = {
  dateTime: '2024-05-02T14:03:00Z',
  content: 'Bitte senden Sie uns eine Kopie Ihres Ausweises.',
  author: 'Kundenservice',
  entryType: 'AGENT',
};

describe('attachmentSchema — spec §3 Attachment', () => {
  it('accepts an attachment and tells customer from agent', () => {
    expect(attachmentSchema.parse(attachment)).toEqual(attachment);
    expect(attachmentSchema.parse({ ...attachment, isAgentAttachment: true }).isAgentAttachment).toBe(true);
  });
  it.each([
    ['a size as text', { attachmentSize: '482133' }],
    ['a negative size', { attachmentSize: -1 }],
    ['no agent flag', { isAgentAttachment: undefined }],
    ['an empty name', { name: '' }],
  ])('rejects %s', (_case, overrides) => {
    expect(attachmentSchema.safeParse({ ...attachment, ...overrides }).success).toBe(false);
  });
});

describe('ticketEntrySchema — spec §3 Ticket entry', () => {
  it('accepts an entry', () => {
    expect(ticketEntrySchema.parse(entry)).toEqual(entry);
  });
  it.each([
    ['an unknown entry type', { entryType: 'BOT' }],
    ['a date that is not ISO 8601', { dateTime: '02.05.2024 16:03' }],
  ])('rejects %s', (_case, overrides) => {
    expect(ticketEntrySchema.safeParse({ ...entry, ...overrides }).success).toBe(false);
  });
});
