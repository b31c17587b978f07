import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { CartLine } from '../../../../domain/cart-lines';
import type { Shoe } from '../../../../domain/catalog';
import type { LineStock } from '../../../lib/cart/line-stock';
import { isNotFound } from '../../../api/http';
import { shoeQuery } from '../../../api/use-shoe';

export interface CartStock {
  stockOf: (line: Pick<CartLine, '_id' | 'size'>) => LineStock;
  /**
   * Reads every shoe of the cart again from the server (after a checkout said stock or
   * prices changed) and resolves with the fresh shoes by id; shoes that are gone are left out.
   */
  refresh: () => Promise<Map<string, Shoe>>;
}

/**
 * The current stock of the cart's shoes (`GET /api/shoes/{id}` per distinct shoe, sharing the
 * detail page's cache), read fresh whenever the cart page opens.
 */
export function useCartStock(lines: readonly Pick<CartLine, '_id'>[]): CartStock {
  const queryClient = useQueryClient();
  const key = lines.map((line) => line._id).join('|');
  const ids = useMemo(() => [...new Set(key ? key.split('|') : [])], [key]);

  const results = useQueries({
    queries: ids.map((id) => ({ ...shoeQuery(id), staleTime: 0 })),
  });

  const states = results.map((result) =>
    result.data ? result.data : isNotFound(result.error) ? ('gone' as const) : undefined,
  );
  const byId = new Map<string, Shoe | 'gone'>();
  ids.forEach((id, index) => {
    const state = states[index];
    if (state) byId.set(id, state);
  });

  const stockOf = (line: Pick<CartLine, '_id' | 'size'>): LineStock => {
    const shoe = byId.get(line._id);
    if (!shoe) return { kind: 'unknown' };
    if (shoe === 'gone') return { kind: 'gone' };
    return { kind: 'known', available: shoe.stock.find((entry) => entry.size === line.size)?.quantity ?? 0 };
  };

  const refresh = useCallback(async () => {
    const fresh = new Map<string, Shoe>();
    await Promise.all(
      ids.map(async (id) => {
        try {
          fresh.set(id, await queryClient.fetchQuery({ ...shoeQuery(id), staleTime: 0 }));
        } catch {
          // Gone or unreadable: the line's flag says so; its price cannot be refreshed.
        }
      }),
    );
    return fresh;
  }, [ids, queryClient]);

  return { stockOf, refresh };
}
