import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import type { SavingsPlanExecution } from '@kontor/domain/savings-plan-contracts';
import { useDomainText } from '../../lib/domain-text';
import { formatDate, formatMoney, formatNumber, formatQuantity, PRICE_DIGITS } from '../../lib/format';
import { orderPath, posteingangDocumentPath } from '../../lib/paths';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { Cell, Column, Row, Table, TableBody, TableContainer, TableHeader } from '../../ui/table';
import styles from './savings-plans.module.css';

/**
 * The plan's executions, newest first: executed ones with pieces, price, value, order and document;
 * failed ones with the reason. The price is in the instrument's quote currency (until the
 * instrument has loaded, without a currency sign).
 */
export function ExecutionHistory({ history, currency }: { history: SavingsPlanExecution[]; currency: string | undefined }) {
  const { t } = useTranslation();
  const text = useDomainText();
  const dash = '–';
  return (
    <Card flush title={t('savingsPlans.history.title')}>
      {history.length === 0 ? (
        <p className={`${styles.muted} ${styles.inset}`}>
          {t('savingsPlans.history.none')}
        </p>
      ) : (
        <TableContainer>
          <Table aria-label={t('savingsPlans.history.title')}>
            <TableHeader>
              <Column id="date" isRowHeader>
                {t('savingsPlans.history.date')}
              </Column>
              <Column id="state">{t('savingsPlans.history.state')}</Column>
              <Column id="amount" align="end">
                {t('savingsPlans.history.amount')}
              </Column>
              <Column id="quantity" align="end">
                {t('savingsPlans.history.quantity')}
              </Column>
              <Column id="price" align="end">
                {t('savingsPlans.history.price')}
              </Column>
              <Column id="value" align="end">
                {t('savingsPlans.history.value')}
              </Column>
              <Column id="links">{t('savingsPlans.history.links')}</Column>
            </TableHeader>
            <TableBody items={history.map((e) => ({ ...e, id: e.date }))}>
              {(e) => (
                <Row id={e.id} data-execution={e.state}>
                  <Cell>
                    <span className={styles.nowrap}>{formatDate(e.date)}</span>
                  </Cell>
                  <Cell>
                    <Badge tone={e.state === 'executed' ? 'success' : 'danger'}>{t(`savingsPlans.history.states.${e.state}`)}</Badge>
                    {e.reason && <span className={styles.muted}> {text(e.reason)}</span>}
                  </Cell>
                  <Cell align="end">
                    <span className={styles.nowrap}>{formatMoney(e.amount)}</span>
                  </Cell>
                  <Cell align="end">{e.quantity !== null ? formatQuantity(e.quantity) : dash}</Cell>
                  <Cell align="end">
                    <span className={styles.nowrap}>{e.price === null ? dash : currency ? formatMoney(e.price, currency, { fractionDigits: PRICE_DIGITS }) : formatNumber(e.price, PRICE_DIGITS)}</span>
                  </Cell>
                  <Cell align="end">
                    <span className={styles.nowrap}>{e.value !== null ? formatMoney(e.value) : dash}</span>
                  </Cell>
                  <Cell>
                    <span className={styles.actions}>
                      {e.orderId && (
                        <Link href={orderPath(e.orderId)} className={styles.link}>
                          {t('savingsPlans.history.order')}
                        </Link>
                      )}
                      {e.documentId && (
                        <Link href={posteingangDocumentPath(e.documentId)} className={styles.link}>
                          {t('savingsPlans.history.document')}
                        </Link>
                      )}
                    </span>
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
