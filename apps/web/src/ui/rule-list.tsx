import styles from './rule-list.module.css';

export type Rule = { label: string; met: boolean };

/**
 * Requirements checked while the customer types (e.g. the password rules), each with a tick or an
 * open circle. The state is also spoken ("erfüllt"/"offen"), not only shown by colour and icon.
 */
export function RuleList({ id, title, rules, metLabel, openLabel }: { id?: string; title: string; rules: readonly Rule[]; metLabel: string; openLabel: string }) {
  return (
    <div id={id} className={styles.rules}>
      <p className={styles.title}>{title}</p>
      <ul className={styles.list}>
        {rules.map((rule) => (
          <li key={rule.label} className={rule.met ? styles.met : styles.open} data-met={rule.met || undefined}>
            <svg viewBox="0 0 16 16" className={styles.icon} aria-hidden="true" focusable="false">
              {rule.met ? <polyline points="3.5 8.5 6.5 11.5 12.5 4.5" /> : <circle cx="8" cy="8" r="4.5" />}
            </svg>
            <span>{rule.label}</span>
            <span className="visually-hidden">{`: ${rule.met ? metLabel : openLabel}`}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
