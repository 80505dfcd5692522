import { useContext, useEffect, useState, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '../lib/auth';
import { OrderStreamProvider } from '../lib/order-stream';
import { createQueryClient } from '../lib/query-client';

/** One customer's server data must never show to the next: the cache goes with the sign-out. */
function ClearCacheOnSignOut({ client }: { client: QueryClient }) {
  const { store } = useAuth();
  useEffect(() => {
    let previous = store.getSnapshot().status;
    return store.subscribe(() => {
      const status = store.getSnapshot().status;
      if (previous === 'signedIn' && status !== 'signedIn') client.clear();
      previous = status;
    });
  }, [store, client]);
  return null;
}

/**
 * Server state (TanStack Query) and the order stream that keeps it current, around the screens
 * that read the server: the signed-in frames, and the account opening and the developer pages
 * among the sign-in screens. The sign-in screen itself reads nothing through it, so its first load
 * does not carry TanStack Query (decision 041). Mounted once per frame: the signed-in frame stays
 * while the customer moves between its pages, and is left at the sign-out.
 */
export function ServerState({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <ClearCacheOnSignOut client={client} />
      <OrderStreamProvider client={client}>{children}</OrderStreamProvider>
    </QueryClientProvider>
  );
}

/**
 * For a part that shows both inside a frame with server state and outside one (the footer's
 * developer clock, on the sign-in screens too): the frame's, or server state of its own.
 */
export function WithServerState({ children }: { children: ReactNode }) {
  return useContext(QueryClientContext) ? children : <ServerState>{children}</ServerState>;
}
