import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { NAV_SECTIONS, useNavItems } from './navigation';
import styles from './layout.module.css';

/** Left navigation on screens from 768 px, grouped by topic. */
export function SideNav() {
  const { t } = useTranslation();
  const items = useNavItems();
  return (
    <nav className={styles.sidenav} aria-label={t('nav.main')}>
      {NAV_SECTIONS.map((section) => (
        <div key={section}>
          <h2 className={styles.sectionTitle} id={`nav-section-${section}`}>
            {t(`nav.sections.${section}`)}
          </h2>
          <ul className={styles.sectionList} aria-labelledby={`nav-section-${section}`}>
            {items.filter((item) => item.section === section).map(({ id, path, icon: Icon }) => (
              <li key={id}>
                <NavLink to={path} className={styles.navLink}>
                  <Icon />
                  {t(`nav.${id}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
