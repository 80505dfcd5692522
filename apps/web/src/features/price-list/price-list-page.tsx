import { useTranslation } from 'react-i18next';
import { DEFAULT_LOW_TRADING_THRESHOLD } from '@kontor/domain/instrument';
import { PRICE_LIST } from '@kontor/domain/order-costs';
import { formatMoney } from '../../lib/format';
import { Card } from '../../ui/card';
import { Page } from '../../ui/page';
import styles from './price-list.module.css';

/**
 * /preisverzeichnis — the Preis- und Leistungsverzeichnis, rendered from the price list the order
 * and savings-plan costs are computed with (PRICE_LIST), so the page can never say other figures.
 */
export function PriceListPage() {
  const { t } = useTranslation();
  const rows = [
    { id: 'orderFee', price: formatMoney(PRICE_LIST.orderFee) },
    { id: 'smallOrder', price: formatMoney(PRICE_LIST.smallOrderSurcharge), values: { threshold: formatMoney(DEFAULT_LOW_TRADING_THRESHOLD) } },
    { id: 'partner', price: t('priceList.rows.partner.price') },
    { id: 'savingsPlan', price: formatMoney(PRICE_LIST.savingsPlanExecution) },
    { id: 'spread', price: t('priceList.rows.spread.price') },
  ];
  return (
    <Page title={t('priceList.title')} description={t('priceList.description')}>
      <Card title={t('priceList.tableTitle')}>
        <table className={styles.table} aria-label={t('priceList.tableTitle')}>
          <thead>
            <tr>
              <th scope="col">{t('priceList.service')}</th>
              <th scope="col">{t('priceList.price')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-price={row.id}>
                <th scope="row">
                  <span className={styles.service}>{t(`priceList.rows.${row.id}.name`)}</span>
                  <span className={styles.note}>{t(`priceList.rows.${row.id}.note`, row.values)}</span>
                </th>
                <td>{row.price}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </Page>
  );
}
