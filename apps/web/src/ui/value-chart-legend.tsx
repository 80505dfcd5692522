import styles from './value-chart-legend.module.css';

/** The legend under a ValueChartCanvas: the value line and the invested-capital line, in their colours. */
export function ValueChartLegend({ value, invested }: { value: string; invested: string }) {
  return (
    <ul className={styles.legend}>
      <li>
        <span className={styles.swatch} data-series="value" aria-hidden="true" />
        {value}
      </li>
      <li>
        <span className={styles.swatch} data-series="invested" aria-hidden="true" />
        {invested}
      </li>
    </ul>
  );
}
