import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appApprovalDecisionSchema, pendingApprovalSchema } from '@kontor/domain/app-devices-contracts';
import { typedText } from '@kontor/domain/text';
import type { AuthorisationService } from '../authorisations/service.ts';
import type { Clock } from '../platform/clock.ts';
import { notFound } from '../platform/errors.ts';
import type { DeviceService } from './service.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const serialParams = z.object({ serial: typedText().max(64) });
const decisionParams = serialParams.extend({ ticket: typedText().max(64) });
const STYLE =
  'body{font:15px/1.4 system-ui,sans-serif;margin:1.5rem;color:#14213d;max-width:40rem}ul{padding:0;list-style:none}li{border:1px solid #ccd;border-radius:.5rem;padding:.8rem 1rem;margin:.6rem 0}form{display:inline}button{font:inherit;padding:.4rem 1rem;margin:.4rem .4rem 0 0;border-radius:.3rem;border:1px solid #14213d;cursor:pointer}button.ok{background:#14213d;color:#fff}small{color:#556}';

function page(title: string, body: string, refreshSeconds?: number): string {
  const refresh = refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : '';
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${refresh}<title>${escapeHtml(title)} – Kontor (Entwicklung)</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/**
 * Development only (DEV_TOOLS): the companion page that plays the customer's phone with the Kontor
 * app. It lists the pending approvals of one device and approves or denies them with plain forms
 * (the CSP allows no inline script; the page reloads itself to show new requests). Its form posts
 * go to /dev/app, outside /api, where the XSRF check does not apply: the page is a development
 * stand-in for the phone, which has no browser session to forge, and it does not exist in
 * production. The JSON variants under /api/dev/app are for tests and keep the XSRF check.
 */
export const deviceDevRoutes: FastifyPluginAsyncZod<{
  devices: DeviceService;
  authorisations: AuthorisationService;
  clock: Clock;
  /** The pushes the device got (the notifications area's embedded push gateway), newest first. */
  pushesOf?: (serial: string) => Promise<{ title: string; body: string; createdAt: Date }[]>;
}> = async (app, { devices, authorisations, clock, pushesOf }) => {
  // Plain HTML forms post url-encoded; only inside this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const pending = async (serial: string) => {
    if (!(await devices.deviceBySerial(serial))) throw notFound('Dieses Gerät ist nicht eingerichtet.');
    return (await authorisations.pendingFor(serial)).map((c) => ({
      ticket: c.id,
      type: c.type,
      summary: c.summary,
      requestedAt: c.createdAt.toISOString(),
      expiresAt: c.expiresAt.toISOString(),
    }));
  };

  app.get('/dev/app', { schema: { hide: true } }, async (_req, reply) => {
    const list = (await devices.allDevices())
      .map((d) => `<li><a href="/dev/app/${encodeURIComponent(d.serial)}"><strong>${escapeHtml(d.name)}</strong></a> <small>${escapeHtml(d.serial)} · Kundin/Kunde ${escapeHtml(d.sub.slice(0, 8))}</small></li>`)
      .join('');
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return page(
      'Kontor-App',
      `<h1>Kontor-App (Begleitgerät)</h1><p>Eingerichtete Geräte aller Kundinnen und Kunden. Wählen Sie ein Gerät, um dessen Freigaben zu sehen. Nur außerhalb der Produktion verfügbar.</p><ul>${list || '<li>Noch kein Gerät eingerichtet.</li>'}</ul>`,
      5,
    );
  });

  app.get('/dev/app/:serial', { schema: { hide: true, params: serialParams } }, async (req, reply) => {
    const { serial } = req.params;
    const device = await devices.deviceBySerial(serial);
    if (!device) throw notFound('Dieses Gerät ist nicht eingerichtet.');
    const now = clock.now().getTime();
    const items = (await pending(serial))
      .map((p) => {
        const seconds = Math.max(0, Math.round((new Date(p.expiresAt).getTime() - now) / 1000));
        const left = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')} min`;
        const action = `/dev/app/${encodeURIComponent(serial)}/${encodeURIComponent(p.ticket)}`;
        return `<li><strong>${escapeHtml(p.summary)}</strong><br><small>Noch ${left} gültig</small><br>
<form method="post" action="${action}"><input type="hidden" name="decision" value="APPROVE"><button class="ok" type="submit">Freigeben</button></form>
<form method="post" action="${action}"><input type="hidden" name="decision" value="DENY"><button type="submit">Ablehnen</button></form></li>`;
      })
      .join('');
    const pushes = ((await pushesOf?.(serial)) ?? [])
      .map((p) => `<li><strong>${escapeHtml(p.title)}</strong><br>${escapeHtml(p.body)}<br><small>${escapeHtml(p.createdAt.toISOString())}</small></li>`)
      .join('');
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return page(
      device.name,
      `<p><a href="/dev/app">← Alle Geräte</a></p><h1>Kontor-App auf „${escapeHtml(device.name)}“</h1><p><small>${escapeHtml(serial)}</small></p><h2>Offene Freigaben</h2><ul>${items || '<li>Keine offenen Freigaben. Die Seite lädt sich alle 3 Sekunden neu.</li>'}</ul><h2>Push-Nachrichten</h2><ul>${pushes || '<li>Noch keine Push-Nachricht.</li>'}</ul>`,
      3,
    );
  });

  app.post('/dev/app/:serial/:ticket', { schema: { hide: true, params: decisionParams, body: appApprovalDecisionSchema } }, async (req, reply) => {
    await devices.decide(req.params.serial, req.params.ticket, req.body.decision);
    return reply.redirect(`/dev/app/${encodeURIComponent(req.params.serial)}`, 303);
  });

  app.get(
    '/api/dev/app/:serial',
    { schema: { hide: true, params: serialParams, response: { 200: z.array(pendingApprovalSchema) } }, config: { public: true } },
    async (req) => pending(req.params.serial),
  );
  app.post(
    '/api/dev/app/:serial/:ticket',
    { schema: { hide: true, params: decisionParams, body: appApprovalDecisionSchema }, config: { public: true } },
    async (req, reply) => {
      await devices.decide(req.params.serial, req.params.ticket, req.body.decision);
      return reply.code(204).send();
    },
  );
};
