import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { newMobileNumberProofData, SERVICE_REQUEST_TYPES, ticketAuthorisationData, type ServiceRequestType } from '@kontor/domain/service-requests';
import type { AuthorisationResult } from '@kontor/domain/auth-contracts';
import { formatPhoneNumber } from '@kontor/domain/phone';
import { serviceRequestLines } from '@kontor/domain/service-request-summary';
import { useDomainText } from '../../../lib/domain-text';
import type { Ticket } from '@kontor/domain/ticket-contracts';
import { useLabels } from '../../../lib/domain-labels';
import { isApiError } from '../../../lib/api-client';
import { AuthoriseDialog } from '../../../parts/authorisation/authorise-dialog';
import { newTicketPath, ticketPath } from '../../../lib/paths';
import { useServerToday } from '../../../lib/server-today';
import { useToast } from '../../../lib/toasts';
import { Button, LinkButton } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { LoadError } from '../../../ui/load-error';
import { Notice } from '../../../ui/notice';
import { Page } from '../../../ui/page';
import { PdfLoadError } from '../../../ui/pdf-load-error';
import { Skeleton } from '../../../ui/skeleton';
import { checkRequest, dataFromValues, defaultValues, fieldOf, valuesFromData, type FieldProblem, type FormValues } from './form-model';
import { queryKeys } from '../../../lib/query-keys';
import { uploadAttachment } from '../tickets-api';
import { createTicket, fetchExemptionPreview, serverFieldErrors, submitDraft, updateDraft, useDraft } from './forms-api';
import { RequestFields } from './request-fields';
import styles from './forms.module.css';

const PdfViewer = lazy(() => import('../../../ui/pdf-viewer'));

const isType = (value: string | undefined): value is ServiceRequestType => (SERVICE_REQUEST_TYPES as readonly string[]).includes(value ?? '');

/**
 * `/service/neu/:type` and `/service/:id/bearbeiten`: the form of a request type, new or a draft.
 * "Als Entwurf speichern" keeps it without TAN; "Weiter zur Bestätigung" checks it, shows what is
 * asked for, and submits it once confirmed by TAN.
 */
export function ServiceRequestPage() {
  const { t } = useTranslation();
  const { label } = useLabels();
  const { type, id } = useParams();
  const draft = useDraft(id);
  // The day the day-dependent rules (deadlines, years) are checked against.
  const today = useServerToday();

  if (today === null || (id !== undefined && draft.isPending))
    return (
      <Page title={t('tickets.forms.loadingTitle')}>
        <div role="status" aria-busy="true">
          <span className="visually-hidden">{t('common.loading')}</span>
          <Skeleton height="20rem" />
        </div>
      </Page>
    );
  if (id !== undefined) {
    if (!draft.data)
      return (
        <Page title={t('tickets.forms.loadingTitle')}>
          <LoadError message={t('tickets.forms.loadFailed')} onRetry={() => void draft.refetch()} />
        </Page>
      );
    if (draft.data.state !== 'PREPARED')
      return (
        <Page title={label('serviceRequest', draft.data.type)}>
          <Notice title={t('tickets.forms.notDraftTitle')}>{t('tickets.forms.notDraft')}</Notice>
          <div>
            <LinkButton href={ticketPath(draft.data.id)}>{t('tickets.forms.toTicket')}</LinkButton>
          </div>
        </Page>
      );
    return <RequestForm key={draft.data.id} type={draft.data.type} draft={draft.data} today={today} />;
  }
  if (!isType(type))
    return (
      <Page title={t('tickets.forms.unknownTitle')}>
        <Notice tone="warning">{t('tickets.forms.unknown')}</Notice>
        <div>
          <LinkButton href={newTicketPath()}>{t('tickets.forms.toChooser')}</LinkButton>
        </div>
      </Page>
    );
  return <RequestForm key={type} type={type} today={today} />;
}

type Review = { data: Record<string, unknown> };

/**
 * Which confirmation is open: the request's (a TAN to the current number or the app, as for every
 * request), then for a new mobile number the code sent to that number, with the request's result kept.
 */
type Authorising = { step: 'request' } | { step: 'newNumber'; authorisation: AuthorisationResult } | null;

function RequestForm({ type, draft, today }: { type: ServiceRequestType; draft?: Ticket; today: string }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const navigate = useNavigate();
  const toasts = useToast();
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({ defaultValues: draft ? valuesFromData(type, draft.data, today) : defaultValues(today) });
  const [files, setFiles] = useState<File[]>([]);
  const [draftId, setDraftId] = useState(draft?.id);
  const [busy, setBusy] = useState<'draft' | 'next' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [review, setReview] = useState<Review | null>(null);
  const [authorising, setAuthorising] = useState<Authorising>(null);
  const [preview, setPreview] = useState<{ data: Record<string, unknown>; key: string } | null>(null);
  const [previewed, setPreviewed] = useState<string | null>(null);

  const showProblems = (problems: FieldProblem[]) => {
    form.clearErrors();
    const seen = new Set<string>();
    for (const p of problems) {
      if (seen.has(p.field)) continue;
      seen.add(p.field);
      form.setError(p.field as never, { type: 'rule', message: p.message });
    }
    setNotice(t('tickets.forms.checkFields'));
    const first = problems[0]?.field;
    if (first && first !== 'root') form.setFocus(first as never);
  };
  const showServerErrors = (errors: Record<string, string>) => showProblems(Object.entries(errors).map(([path, message]) => ({ field: fieldOf(type, path), message })));
  const failed = (error: unknown) => {
    const fields = serverFieldErrors(error);
    if (fields) showServerErrors(fields);
    else setNotice(isApiError(error) ? error.message : t('tickets.forms.failed'));
  };

  /** The form's data as typed; with the chosen files' ids in their place once they are uploaded. */
  const typed = (references?: string[]) => {
    const values = form.getValues();
    return dataFromValues(type, references ? { ...values, attachmentFileReferences: references } : values, new Date());
  };
  const check = (data: Record<string, unknown>) => {
    const checked = checkRequest(type, data, today);
    if (!checked.ok) showProblems(checked.problems);
    return checked.ok ? checked.data : null;
  };

  /** Uploads the chosen files to the draft (created first when there is none); the draft's id. */
  const uploadFiles = async (data: Record<string, unknown>): Promise<string> => {
    const id = draftId ?? (await createTicket(type, data)).id;
    setDraftId(id);
    const references = [...form.getValues('attachmentFileReferences')];
    for (const file of files) {
      references.push((await uploadAttachment(id, file)).attachmentId);
      form.setValue('attachmentFileReferences', [...references]);
      setFiles((list) => list.filter((f) => f !== file));
    }
    return id;
  };

  const saveDraft = async () => {
    setBusy('draft');
    setNotice(null);
    form.clearErrors();
    try {
      let id = draftId;
      if (files.length > 0) id = await uploadFiles(typed());
      const data = typed();
      const ticket = id ? await updateDraft(id, data) : await createTicket(type, data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tickets });
      toasts.success(t('tickets.forms.draftSaved'));
      void navigate(ticketPath(ticket.id));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  const next = async () => {
    setNotice(null);
    form.clearErrors();
    // The files count as attached for the check; they are uploaded only when all else is right.
    const placeholders = files.map(() => crypto.randomUUID());
    let data = check(typed(files.length > 0 ? [...form.getValues('attachmentFileReferences'), ...placeholders] : undefined));
    if (!data) return;
    if (type === 'ID_DOCUMENT' && files.length > 0) {
      setBusy('next');
      try {
        await uploadFiles(typed());
      } catch (error) {
        failed(error);
        return;
      } finally {
        setBusy(null);
      }
      data = check(typed());
      if (!data) return;
    }
    if (type === 'EXEMPTION_ORDER' && previewed !== JSON.stringify(data)) {
      setNotice(t('tickets.forms.exemption.previewFirst'));
      return;
    }
    setReview({ data });
  };

  const openPreview = () => {
    setNotice(null);
    form.clearErrors();
    const data = check(typed());
    if (data) setPreview({ data, key: JSON.stringify(data) });
  };

  const submit = async (data: Record<string, unknown>, authorisation: AuthorisationResult, newNumberProof?: AuthorisationResult) => {
    let ticket: Ticket;
    try {
      ticket = draftId ? await submitDraft(draftId, data, authorisation, newNumberProof) : await createTicket(type, data, authorisation, newNumberProof);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (!fields) throw error;
      // Back to the form, the problems at their fields; the dialog closes.
      setReview(null);
      setAuthorising(null);
      showServerErrors(fields);
      return;
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.tickets });
    toasts.success(t('tickets.forms.submitted'));
    void navigate(ticketPath(ticket.id));
  };

  const title = label('serviceRequest', type);
  return (
    <Page title={title} description={t(`tickets.forms.types.${type}`)}>
      <FormProvider {...form}>
        {review ? (
          <Card title={t('tickets.forms.reviewTitle')}>
            <div className={styles.stack}>
              <p className={styles.muted}>{t('tickets.forms.reviewIntro')}</p>
              <SummaryLines type={type} data={review.data} />
              {type === 'MOBILE_NUMBER' && <Notice tone="info">{t('tickets.forms.mobileNumberSteps.reviewHint')}</Notice>}
              <div className={styles.actions}>
                <Button variant="secondary" onPress={() => setReview(null)}>
                  {t('tickets.forms.change')}
                </Button>
                <Button onPress={() => setAuthorising({ step: 'request' })}>{t('tickets.forms.confirm')}</Button>
              </div>
            </div>
          </Card>
        ) : (
          <Card>
            <form
              className={styles.stack}
              noValidate
              aria-label={title}
              onSubmit={(event) => {
                event.preventDefault();
                void next();
              }}
            >
              <RequestFields type={type} today={today} files={{ list: files, set: setFiles }} onPreview={openPreview} previewing={preview !== null && previewed !== preview.key} />
              {notice && (
                <Notice tone="danger" title={t('tickets.forms.problemTitle')}>
                  {notice}
                </Notice>
              )}
              {form.formState.errors.root?.message && <Notice tone="danger">{form.formState.errors.root.message}</Notice>}
              <div className={styles.actions}>
                <Button variant="secondary" isPending={busy === 'draft'} isDisabled={busy !== null} onPress={() => void saveDraft()}>
                  {t('tickets.forms.saveDraft')}
                </Button>
                <Button type="submit" isPending={busy === 'next'} isDisabled={busy !== null}>
                  {t('tickets.forms.next')}
                </Button>
              </div>
            </form>
          </Card>
        )}
      </FormProvider>
      {review && type !== 'MOBILE_NUMBER' && (
        <AuthoriseDialog
          isOpen={authorising !== null}
          onOpenChange={(open) => setAuthorising(open ? { step: 'request' } : null)}
          title={t('tickets.forms.authTitle', { title })}
          details={<SummaryLines type={type} data={review.data} />}
          payload={{ type: 'TICKET', data: ticketAuthorisationData(type, review.data) }}
          onAuthorised={(authorisation) => submit(review.data, authorisation)}
        />
      )}
      {review && type === 'MOBILE_NUMBER' && (
        <>
          {/* Step 1: the request, by the current number or the app, like every other request. */}
          <AuthoriseDialog
            isOpen={authorising?.step === 'request'}
            // Closing after success leaves step 2 open; cancelling goes back to the review.
            onOpenChange={(open) => setAuthorising((now) => (open ? { step: 'request' } : now?.step === 'request' ? null : now))}
            title={t('tickets.forms.mobileNumberSteps.requestTitle')}
            details={
              <>
                <p>{t('tickets.forms.mobileNumberSteps.requestIntro')}</p>
                <SummaryLines type={type} data={review.data} />
              </>
            }
            payload={{ type: 'TICKET', data: ticketAuthorisationData(type, review.data) }}
            onAuthorised={async (authorisation) => setAuthorising({ step: 'newNumber', authorisation })}
          />
          {/* Step 2: the code sent to the new number shows it is the customer's. */}
          <AuthoriseDialog
            isOpen={authorising?.step === 'newNumber'}
            onOpenChange={(open) => setAuthorising((now) => (open ? now : null))}
            title={t('tickets.forms.mobileNumberSteps.newNumberTitle')}
            details={<p>{t('tickets.forms.mobileNumberSteps.newNumberIntro', { number: formatPhoneNumber(String(review.data.newMobileNumber)) })}</p>}
            payload={{ type: 'TICKET', data: newMobileNumberProofData(review.data) }}
            toNewMobileNumber
            onAuthorised={(proof) => (authorising?.step === 'newNumber' ? submit(review.data, authorising.authorisation, proof) : Promise.resolve())}
          />
        </>
      )}
      {preview && (
        <Suspense
          fallback={
            <span role="status" className="visually-hidden">
              {t('pdfViewer.loading')}
            </span>
          }
        >
          <PdfViewer
            key={preview.key}
            title={t('tickets.forms.exemption.previewTitle')}
            download={{ fileName: 'Freistellungsauftrag-Vorschau.pdf' }}
            load={async (signal) => {
              try {
                return await fetchExemptionPreview(preview.data, signal);
              } catch (error) {
                const fields = serverFieldErrors(error);
                if (fields) showServerErrors(fields);
                throw new PdfLoadError(isApiError(error) ? error.message : t('pdfViewer.failed'), !fields);
              }
            }}
            onLoaded={() => setPreviewed(preview.key)}
            onClose={() => setPreview(null)}
          />
        </Suspense>
      )}
    </Page>
  );
}

function SummaryLines({ type, data }: { type: ServiceRequestType; data: Record<string, unknown> }) {
  const text = useDomainText();
  return (
    <dl className={styles.summary}>
      {serviceRequestLines(type, data).map((line) => (
        <div key={line.label}>
          <dt>{text(line.label)}</dt>
          <dd>{text(line.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
