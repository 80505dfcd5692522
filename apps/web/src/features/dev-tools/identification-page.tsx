import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { onboardingEndpoints as o } from '@kontor/domain/endpoints/onboarding';
import type { PendingIdentification } from '@kontor/domain/onboarding-contracts';
import { api, isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Notice, type NoticeTone } from '../../ui/notice';
import { Page } from '../../ui/page';
import { SkeletonText } from '../../ui/skeleton';
import styles from './identification-page.module.css';

type Result = 'APPROVED' | 'REJECTED';
const pendingKey = ['dev', 'onboarding', 'identifications'] as const;

/** Development only (GET /api/dev/onboarding/identifications): the identifications waiting for an answer. */
function usePendingIdentifications() {
  return useQuery({
    queryKey: pendingKey,
    queryFn: ({ signal }) => api.call(o.devIdentifications, { signal, skipGlobalErrorHandler: true }),
    refetchInterval: 5_000,
    retry: false,
  });
}

/** Development only (POST /api/dev/onboarding/identification): the simulated provider's answer. */
function answerIdentification(applicationId: string, result: Result) {
  return api.call(o.devDecideIdentification, { body: { applicationId, result }, skipGlobalErrorHandler: true });
}

/**
 * /dev/identifizierung: the demo's stand-in for the video-ident or eID provider. It lists the
 * identifications waiting for an answer; the account opening's waiting screen links here with its
 * application (`?antrag=<id>`), which then comes first. Freigeben or Ablehnen answers, and the
 * customer's tab moves on by itself.
 */
export function IdentificationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const linked = params.get('antrag')?.trim() || null;
  const pending = usePendingIdentifications();
  const client = useQueryClient();
  const [busy, setBusy] = useState<{ id: string; result: Result } | null>(null);
  const [notice, setNotice] = useState<{ tone: NoticeTone; text: string } | null>(null);

  const answer = async (applicationId: string, result: Result) => {
    setBusy({ id: applicationId, result });
    setNotice(null);
    try {
      await answerIdentification(applicationId, result);
      setNotice({ tone: 'success', text: result === 'APPROVED' ? t('devIdentification.approved') : t('devIdentification.rejected') });
      void client.invalidateQueries({ queryKey: pendingKey });
    } catch (caught) {
      setNotice({ tone: 'danger', text: isApiError(caught) ? caught.message : t('devIdentification.failed') });
    } finally {
      setBusy(null);
    }
  };

  const items = pending.data?.items ?? [];
  // The linked application first; shown even when the list is not (yet) there.
  const rows: { id: string; item: PendingIdentification | null }[] = [
    ...(linked ? [{ id: linked, item: items.find((i) => i.applicationId === linked) ?? null }] : []),
    ...items.filter((i) => i.applicationId !== linked).map((item) => ({ id: item.applicationId, item })),
  ];

  return (
    <div className={styles.page}>
      <Page title={t('devIdentification.title')} description={t('devIdentification.intro')}>
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        <Card>
          {pending.isPending && !linked ? (
            <div role="status" aria-busy="true">
              <span className="visually-hidden">{t('common.loading')}</span>
              <SkeletonText lines={3} />
            </div>
          ) : rows.length === 0 ? (
            <p>{t('devIdentification.none')}</p>
          ) : (
            <ul className={styles.list}>
              {rows.map(({ id, item }) => (
                <li key={id} className={styles.row} data-application={id}>
                  <div className={styles.who}>
                    <strong>{item ? `${item.givenName} ${item.familyName}` : t('devIdentification.application')}</strong>
                    {item && (
                      <span className={styles.muted}>
                        {item.email} · {t(`onboarding.identification.methods.${item.method}`)} · {formatDateTime(item.startedAt)}
                      </span>
                    )}
                    <code className={styles.id}>{id}</code>
                  </div>
                  <div className={styles.actions}>
                    <Button
                      size="sm"
                      onPress={() => void answer(id, 'APPROVED')}
                      isPending={busy?.id === id && busy.result === 'APPROVED'}
                      isDisabled={busy !== null}
                      aria-label={t('devIdentification.approveOf', { name: item ? `${item.givenName} ${item.familyName}` : id })}
                    >
                      {t('devIdentification.approve')}
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      onPress={() => void answer(id, 'REJECTED')}
                      isPending={busy?.id === id && busy.result === 'REJECTED'}
                      isDisabled={busy !== null}
                      aria-label={t('devIdentification.rejectOf', { name: item ? `${item.givenName} ${item.familyName}` : id })}
                    >
                      {t('devIdentification.reject')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <p>
          <Link to="/registrieren">{t('devIdentification.backToOnboarding')}</Link>
        </p>
      </Page>
    </div>
  );
}
