import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxStore } from './store.ts';

const outboxEntrySchema = z.object({
  recipient: z.string(),
  channel: z.enum(['sms', 'voice', 'email']),
  text: z.string(),
  code: z.string().nullable(),
  time: z.string(),
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Development only: what the embedded SMS/mail gateway "sent", newest first. */
export const outboxRoutes: FastifyPluginAsyncZod<{ store: OutboxStore }> = async (app, { store }) => {
  const latest = async () =>
    (await store.latest(100)).map((m) => ({
      recipient: m.recipient,
      channel: m.channel as 'sms' | 'voice' | 'email',
      text: m.text,
      code: m.code,
      time: m.createdAt.toISOString(),
    }));

  app.get(
    '/dev/outbox.json',
    { schema: { hide: true, response: { 200: z.array(outboxEntrySchema) } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return latest();
    },
  );

  app.get('/dev/outbox', { schema: { hide: true } }, async (_req, reply) => {
    const rows = (await latest())
      .map(
        (m) =>
          `<tr><td>${escapeHtml(new Date(m.time).toLocaleString('de-DE', { timeZone: 'Europe/Berlin' }))}</td><td>${escapeHtml(m.channel.toUpperCase())}</td><td>${escapeHtml(m.recipient)}</td><td>${escapeHtml(m.text)}</td><td><strong>${escapeHtml(m.code ?? '')}</strong></td></tr>`,
      )
      .join('');
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Postausgang (Entwicklung) – Kontor</title>
<style>body{font:15px/1.4 system-ui,sans-serif;margin:1.5rem;color:#14213d}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccd;padding:.4rem .6rem;text-align:left;vertical-align:top}th{background:#eef}strong{font-variant-numeric:tabular-nums;font-size:1.1em}</style></head>
<body><h1>Postausgang</h1><p>Nachrichten, die der eingebettete SMS- und E-Mail-Versand zugestellt hätte (neueste zuerst). Nur außerhalb der Produktion verfügbar.</p>
<table><thead><tr><th>Zeit</th><th>Kanal</th><th>Empfänger</th><th>Text</th><th>Code</th></tr></thead><tbody>${rows || '<tr><td colspan="5">Noch keine Nachrichten.</td></tr>'}</tbody></table></body></html>`;
  });
};
