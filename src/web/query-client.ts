import { QueryClient } from '@tanstack/react-query';

/** The shop's query defaults, the same in the browser and in the server's render of a page. */
export function createQueryClient(options: { server?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // The server renders once: a failed answer leaves its part to the browser instead.
        retry: options.server ? false : 1,
      },
    },
  });
}
