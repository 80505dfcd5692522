import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useFormContext } from 'react-hook-form';
import { ID_DOCUMENT_MAX_FILES } from '@kontor/domain/service-requests';
import { Button } from '../../../ui/button';
import { ATTACHMENT_ACCEPT, attachmentProblem, formatFileSize } from '../attachment-files';
import { Check, FieldMessage, TextInput } from './form-controls';
import type { FormValues } from './form-model';
import layout from '../../../ui/form-layout.module.css';
import styles from './forms.module.css';

/** The scans chosen in the form, uploaded when the request is saved or confirmed. */
export type IdFiles = { list: File[]; set: (files: File[]) => void };

/** Ausweisdokument erneuern: until when the new document is valid, that it is, and its scan (front and back). */
export function IdDocumentFields({ files }: { files: IdFiles }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { formState } = useFormContext<FormValues>();
  const uploaded = useController<FormValues, 'attachmentFileReferences'>({ name: 'attachmentFileReferences' });
  const count = files.list.length + uploaded.field.value.length;

  const choose = (chosen: FileList | null) => {
    const picked = Array.from(chosen ?? []);
    const refused = picked.find((f) => attachmentProblem(f) !== null);
    if (refused) setProblem(t(`tickets.files.${attachmentProblem(refused)}`, { name: refused.name }));
    else if (count + picked.length > ID_DOCUMENT_MAX_FILES) setProblem(t('tickets.forms.id.tooMany', { max: ID_DOCUMENT_MAX_FILES }));
    else {
      setProblem(null);
      files.set([...files.list, ...picked]);
    }
    if (input.current) input.current.value = '';
  };

  return (
    <>
      <TextInput name="idDocumentNewValidUntil" type="date" label={t('tickets.forms.id.validUntil')} description={t('tickets.forms.id.validUntilHint')} />
      <div className={layout.group}>
        <label htmlFor={inputId} className={styles.legend}>
          {t('tickets.forms.id.files')}
        </label>
        <p className={styles.muted}>{t('tickets.forms.id.filesHint', { max: ID_DOCUMENT_MAX_FILES })}</p>
        {count < ID_DOCUMENT_MAX_FILES && (
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ATTACHMENT_ACCEPT}
            multiple
            className={styles.file}
            onChange={(e) => choose(e.target.files)}
          />
        )}
        <ul className={styles.files}>
          {uploaded.field.value.map((id, i) => (
            <li key={id}>
              <span>{t('tickets.forms.id.uploaded', { n: i + 1 })}</span>
              <Button variant="ghost" size="sm" onPress={() => uploaded.field.onChange(uploaded.field.value.filter((x) => x !== id))}>
                {t('tickets.forms.id.remove')}
              </Button>
            </li>
          ))}
          {files.list.map((file, i) => (
            <li key={`${file.name}-${i}`}>
              <span>
                {file.name} · {formatFileSize(file.size)}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('tickets.forms.id.removeNamed', { name: file.name })}
                onPress={() => files.set(files.list.filter((_, j) => j !== i))}
              >
                {t('tickets.forms.id.remove')}
              </Button>
            </li>
          ))}
        </ul>
        <FieldMessage message={problem ?? formState.errors.attachmentFileReferences?.message} />
      </div>
      <Check name="idDocumentConfirmValid">{t('tickets.forms.id.confirm')}</Check>
    </>
  );
}
