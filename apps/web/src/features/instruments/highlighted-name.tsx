import { splitMatch } from './instruments-api';
import styles from './instruments.module.css';

/** The name with the part that matches the query in bold. */
export function HighlightedName({ name, query }: { name: string; query: string }) {
  const [before, match, after] = splitMatch(name, query);
  return (
    <>
      {before}
      {match && <mark className={styles.match}>{match}</mark>}
      {after}
    </>
  );
}
