import { useState } from 'react';
import type { BulkPreviewBody } from '../../../domain/contracts/bulk-edit';

/** Shoes ticked one by one (on any page), or every shoe the search finds, on every page. */
type Chosen = { kind: 'ids'; ids: ReadonlySet<string> } | { kind: 'search'; search: string; total: number };

const NONE: Chosen = { kind: 'ids', ids: new Set() };

/**
 * The shoes table's selection for a bulk edit. "All matching" belongs to the search it was chosen
 * for: once the search changes it is dropped, since it would no longer say which shoes.
 */
export function useShoeSelection(query: string) {
  const [chosen, setChosen] = useState<Chosen>(NONE);
  const current = chosen.kind === 'search' && chosen.search !== query ? NONE : chosen;
  const ids = current.kind === 'ids' ? current.ids : undefined;

  return {
    /** How many shoes are selected. */
    count: current.kind === 'ids' ? current.ids.size : current.total,
    allMatching: current.kind === 'search',
    isSelected: (id: string) => current.kind === 'search' || Boolean(ids?.has(id)),
    toggle(id: string) {
      const next = new Set(ids);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      setChosen({ kind: 'ids', ids: next });
    },
    /** Ticks (or unticks, when all are) every shoe of the page shown. */
    togglePage(pageIds: readonly string[]) {
      const next = new Set(ids);
      const all = pageIds.every((id) => next.has(id));
      for (const id of pageIds) {
        if (all) next.delete(id);
        else next.add(id);
      }
      setChosen({ kind: 'ids', ids: next });
    },
    selectAllMatching: (total: number) => setChosen({ kind: 'search', search: query, total }),
    clear: () => setChosen(NONE),
    /** The selection as the bulk endpoints take it. */
    body(): BulkPreviewBody['selection'] {
      return current.kind === 'search' ? { search: current.search } : { ids: [...current.ids] };
    },
  };
}

export type ShoeSelection = ReturnType<typeof useShoeSelection>;
