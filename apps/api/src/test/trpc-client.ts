/** A typed tRPC client for tests: real HTTP batching with superjson, keeping cookies like a browser. */
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../trpc/root.js';
import type { ApiClient } from './harness.js';

/** Shares `client`'s cookie jar, so a REST login and tRPC calls act as one browser. */
export function trpcClientFor(client: ApiClient) {
  const cookieFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (client.cookies.size > 0) headers.set('cookie', client.cookies.header());
    const response = await fetch(input, { ...init, headers });
    client.cookies.store(response.headers);
    return response;
  };
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: new URL('/trpc', client.baseUrl).toString(), transformer: superjson, fetch: cookieFetch })],
  });
}

export type AppClientError = TRPCClientError<AppRouter>;

/** The error a tRPC call fails with; throws when the call succeeds instead. */
export async function trpcFailure(call: Promise<unknown>): Promise<AppClientError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCClientError) return error as AppClientError;
    throw error;
  }
  throw new Error('se esperaba que la llamada tRPC fallara');
}

/** A client of other software: no cookie, an API token in `Authorization: Bearer`. */
export function trpcClientWithToken(baseUrl: string, token: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({ url: new URL('/trpc', baseUrl).toString(), transformer: superjson, headers: { authorization: `Bearer ${token}` } }),
    ],
  });
}
