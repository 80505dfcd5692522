import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileTrigger } from 'react-aria-components';
import { TICKET_REPLY_MAX, type Attachment } from '@kontor/domain/ticket-contracts';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { CloseIcon } from '../../ui/icons';
import { Notice } from '../../ui/notice';
import { TextAreaField } from '../../ui/text-area-field';
import { ATTACHMENT_ACCEPT, attachmentProblem, formatFileSize } from './attachment-files';
import { uploadAttachment, useReply } from './tickets-api';
import styles from './tickets.module.css';
import lists from '../../ui/lists.module.css';

/** A chosen file: uploading, uploaded (with its attachmentId) or refused by the server. */
type PendingFile = {
  key: number;
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'failed';
  attachment?: Attachment;
  error?: string;
  abort: AbortController;
};

/**
 * The customer's answer: text and files. Each file is checked here first (type, 9 MB) and
 * uploaded at once; it can be removed until the answer is sent. Sending waits for every upload.
 */
export function ReplyForm({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation();
  const reply = useReply(ticketId);
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const nextKey = useRef(1);

  const update = (key: number, change: Partial<PendingFile>) => setFiles((all) => all.map((f) => (f.key === key ? { ...f, ...change } : f)));

  const add = (list: FileList | null) => {
    if (!list) return;
    setSent(false);
    const problems: string[] = [];
    for (const file of Array.from(list)) {
      const problem = attachmentProblem(file);
      if (problem) {
        problems.push(t(`tickets.files.${problem}`, { name: file.name }));
        continue;
      }
      const entry: PendingFile = { key: nextKey.current++, name: file.name, size: file.size, status: 'uploading', abort: new AbortController() };
      setFiles((all) => [...all, entry]);
      uploadAttachment(ticketId, file, entry.abort.signal).then(
        (attachment) => update(entry.key, { status: 'done', attachment }),
        (caught: unknown) => {
          if (entry.abort.signal.aborted) return;
          update(entry.key, { status: 'failed', error: isApiError(caught) ? caught.message : t('tickets.files.uploadFailed') });
        },
      );
    }
    setRefused(problems);
  };

  const remove = (file: PendingFile) => {
    file.abort.abort();
    setFiles((all) => all.filter((f) => f.key !== file.key));
  };

  const uploading = files.some((f) => f.status === 'uploading');
  const uploaded = files.flatMap((f) => (f.status === 'done' && f.attachment ? [f.attachment.attachmentId] : []));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSent(false);
    if (uploading) return;
    if (content.trim() === '' && uploaded.length === 0) {
      setError(t('tickets.reply.required'));
      return;
    }
    try {
      await reply.mutateAsync({ content: content.trim(), attachmentIds: uploaded });
      setContent('');
      setFiles([]);
      setRefused([]);
      setSent(true);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : t('tickets.reply.failed'));
    }
  };

  return (
    <form className={styles.reply} onSubmit={(event) => void submit(event)} noValidate aria-label={t('tickets.reply.title')}>
      <h3 className={styles.subheading}>{t('tickets.reply.title')}</h3>
      {sent && <Notice tone="success">{t('tickets.reply.sent')}</Notice>}
      {error && <Notice tone="danger">{error}</Notice>}
      <TextAreaField
        label={t('tickets.reply.label')}
        value={content}
        onChange={setContent}
        maxLength={TICKET_REPLY_MAX}
        rows={4}
        description={t('tickets.reply.count', { count: content.length, max: TICKET_REPLY_MAX })}
      />
      {refused.length > 0 && (
        <Notice tone="danger">
          {refused.map((text) => (
            <p key={text} className={styles.plain}>
              {text}
            </p>
          ))}
        </Notice>
      )}
      {files.length > 0 && (
        <ul className={`${lists.stacked} ${styles.pendingFiles}`} aria-label={t('tickets.reply.files')}>
          {files.map((file) => (
            <li key={file.key} data-upload-status={file.status}>
              <span className={styles.pendingName}>
                {file.name} <span className={styles.muted}>({formatFileSize(file.size)})</span>
              </span>
              <span className={file.status === 'failed' ? styles.failed : styles.muted} role="status">
                {file.status === 'uploading' ? t('tickets.files.uploading') : file.status === 'done' ? t('tickets.files.uploaded') : file.error}
              </span>
              <Button variant="ghost" size="sm" iconOnly aria-label={t('tickets.files.remove', { name: file.name })} onPress={() => remove(file)}>
                <CloseIcon />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.muted}>{t('tickets.files.hint')}</p>
      <div className={styles.actions}>
        <FileTrigger acceptedFileTypes={ATTACHMENT_ACCEPT.split(',')} allowsMultiple onSelect={add}>
          <Button variant="secondary">{t('tickets.files.add')}</Button>
        </FileTrigger>
        <Button type="submit" isPending={reply.isPending} isDisabled={uploading}>
          {uploading ? t('tickets.reply.waiting') : t('tickets.reply.send')}
        </Button>
      </div>
    </form>
  );
}
