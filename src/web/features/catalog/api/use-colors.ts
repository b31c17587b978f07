import { catalogUrls } from '../../../../domain/catalog-urls';
import { useQuery } from '@tanstack/react-query';
import { getData, lazySchema } from '../../../api/http';
import { catalogKeys } from '../../../api/query-keys';

const colorListSchema = lazySchema((schemas) => schemas.colorList);

/** `GET /api/shoes/colors?brand=`: the colours a brand's shoes come in, for the colour filter. */
export function useColors(brand: string | undefined) {
  return useQuery({
    queryKey: catalogKeys.colors(brand),
    queryFn: ({ signal }) => getData(catalogUrls.colors(brand), colorListSchema, signal),
  });
}
