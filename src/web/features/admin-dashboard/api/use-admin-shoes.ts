import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Shoe } from '../../../../domain/catalog';
import { PAGE_SIZE } from '../../../../domain/constants';
import { apiUrl, getJson } from '../../../api/http';
import { adminKeys } from '../../../api/query-keys';
import { searchAnswerSchema as answerSchema } from '../../../../domain/contracts/catalog';

/** A page of shoes, or the text the search answers when no name matches (spec §2). */
export type AdminShoesResult =
  | { kind: 'shoes'; items: Shoe[]; total: number; totalIsLowerBound: boolean }
  | { kind: 'message'; message: string };

/** `GET /api/shoes?name&offset&limit`: the shoes table, searched by name (public endpoint). */
export function useAdminShoes(name: string, offset: number) {
  return useQuery({
    queryKey: adminKeys.shoes(name, offset),
    queryFn: async ({ signal }): Promise<AdminShoesResult> => {
      const { data, total, totalIsLowerBound } = await getJson(
        apiUrl('/shoes', { name, offset, limit: PAGE_SIZE.adminShoes }),
        answerSchema,
        signal,
      );
      return Array.isArray(data)
        ? { kind: 'shoes', items: data, total: total ?? data.length, totalIsLowerBound }
        : { kind: 'message', message: data.message };
    },
    placeholderData: keepPreviousData,
  });
}
