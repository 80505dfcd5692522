import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '@kontor/domain/constants';
import { attachmentParamsSchema, attachmentSchema, ticketIdParamsSchema } from '@kontor/domain/ticket-contracts';
import { customerOf } from '../platform/auth.ts';
import { AppError } from '../platform/errors.ts';
import { ATTACHMENT_MESSAGES, type AttachmentService } from './attachments.ts';

const tags = ['tickets'];

/** Room for the multipart framing (boundaries, part headers) around a file of exactly 9 MiB. */
const UPLOAD_BODY_LIMIT = UPLOAD_MAX_BYTES + 64 * 1024;

/**
 * The upload body for the OpenAPI document. The file is read from the stream in the handler
 * (multipart leaves `body` null), so the schema lets a missing body through; a JSON or text body
 * is refused by it with a 400.
 */
const uploadBody = z.object({ file: z.file().describe('Eine PDF-, JPEG- oder PNG-Datei, höchstens 9 MiB (9437184 Bytes)') }).nullish();

const unreadable = () => new AppError(400, 'Die Datei konnte nicht gelesen werden. Bitte laden Sie genau eine Datei hoch.');

/** The one file of the multipart body, in the field "file"; a second file, another field's file or a broken body is a 400. */
async function onlyFile(req: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  if (!req.isMultipart()) throw new AppError(415, 'Die Datei ist nicht angekommen. Bitte wählen Sie sie erneut aus.');
  let found: { filename: string; bytes: Buffer } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || found) throw unreadable();
      found = { filename: part.filename, bytes: await part.toBuffer() };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, ATTACHMENT_MESSAGES.tooLarge);
    // Busboy's and the plugin's other errors (limits, broken framing): the request's fault.
    throw unreadable();
  }
  if (!found) throw unreadable();
  return found;
}

/** `attachment` with the name as typed (RFC 6266 filename*) and a plain ASCII stand-in for old clients. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Files of ticket dialogs: upload (multipart) and download. The multipart parser exists only in this plugin's scope. */
export const ticketAttachmentRoutes: FastifyPluginAsyncZod<{ service: AttachmentService }> = async (app, { service }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  });

  app.post(
    '/api/ticketdialog/:id/attachments',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Upload a file for the ticket’s dialog (multipart field "file": PDF, JPEG or PNG by its content, at most 9 MiB); bind it with a reply',
        consumes: ['multipart/form-data'],
        params: ticketIdParamsSchema,
        body: uploadBody,
        response: { 201: attachmentSchema },
      },
    },
    async (req, reply) => {
      const file = await onlyFile(req);
      return reply.code(201).send(await service.upload(customerOf(req).sub, req.params.id, file));
    },
  );

  app.get(
    '/api/ticketdialog/:id/attachments/:attachmentId',
    { schema: { tags, summary: 'A file of the ticket’s dialog, as a download', params: attachmentParamsSchema } },
    async (req, reply) => {
      const file = await service.read(customerOf(req).sub, req.params.id, req.params.attachmentId);
      return reply
        .header('content-type', file.mediaType)
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );
};
