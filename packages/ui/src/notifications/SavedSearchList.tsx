import { Button } from '../kit/Button.tsx';
import { EmptyState } from '../kit/States.tsx';
import { SearchIcon } from '../kit/icons.tsx';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from './queries.ts';
import styles from './Notifications.module.css';

/** The buyer's saved searches: what each matches now and since last opened; rename, pause, delete. */
export function SavedSearchList() {
  const query = useSavedSearches();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const searches = query.data?.savedSearches;
  if (!searches)
    return <p role="status">{query.isError ? 'Saved searches could not be loaded.' : 'Loading...'}</p>;
  if (searches.length === 0) {
    return (
      <EmptyState
        icon={<SearchIcon size={28} />}
        title="No saved searches"
        description="Save a search on Browse or AI Discovery to hear of new cars that match it."
        headingLevel={3}
      />
    );
  }
  return (
    <ul className={styles.list} aria-label="Saved searches">
      {searches.map((search) => (
        <li key={search.id} className={styles.item}>
          <span className={styles.title}>{search.name}</span>
          <span className={styles.meta}>
            {search.matchCount} {search.matchCount === 1 ? 'car matches' : 'cars match'}
            {search.newSince > 0 ? `, ${search.newSince} new since you last looked` : ''}
            {search.paused ? ', paused' : search.alert === 'off' ? ', no alerts' : `, alerts ${search.alert}`}
          </span>
          <span className={styles.row}>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                const name = window.prompt('Rename this search', search.name)?.trim();
                if (name) update.mutate({ id: search.id, name });
              }}
            >
              Rename
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => update.mutate({ id: search.id, paused: !search.paused })}
            >
              {search.paused ? 'Resume' : 'Pause'}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => update.mutate({ id: search.id, opened: true })}
              disabled={search.newSince === 0}
            >
              Mark seen
            </Button>
            <Button variant="ghost" size="sm" onClick={() => remove.mutate(search.id)}>
              Delete
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}
