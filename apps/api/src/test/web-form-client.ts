/** A website's side of a web form, as tests and the bench play it: fetch a challenge, solve it (altcha-lib), post the values. */
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { ApiResponse } from './harness.js';

export interface VisitorHeaders {
  /** The site the browser would name in Origin. */
  origin?: string;
  /** The visitor's address, read from X-Forwarded-For by a server started with TRUST_PROXY=true. */
  ip?: string;
}

function headersOf(visitor: VisitorHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  if (visitor.origin) {
    headers.origin = visitor.origin;
    headers['sec-fetch-site'] = 'cross-site';
  }
  if (visitor.ip) headers['x-forwarded-for'] = visitor.ip;
  return headers;
}

async function answerOf<T>(response: Response): Promise<ApiResponse<T>> {
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('application/json') && text;
  return { status: response.status, body: (json ? JSON.parse(text) : text) as T, headers: response.headers };
}

export async function fetchChallenge(baseUrl: string, slug: string, visitor: VisitorHeaders = {}): Promise<ApiResponse<Challenge>> {
  return answerOf<Challenge>(await fetch(new URL(`/api/forms/${slug}/challenge`, baseUrl), { headers: headersOf(visitor) }));
}

/** The `altcha` field of a challenge solved the way the hosted page solves it. */
export async function solvedProof(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function proofFor(baseUrl: string, slug: string, visitor: VisitorHeaders = {}): Promise<string> {
  const challenge = await fetchChallenge(baseUrl, slug, visitor);
  if (challenge.status !== 200) throw new Error(`challenge ${challenge.status}: ${JSON.stringify(challenge.body)}`);
  return solvedProof(challenge.body);
}

/** Posts `values` as the visitor's page would; `altcha` defaults to a freshly solved proof. Answers read loosely, as ApiClient's do. */
export async function postSubmission<T = any>(
  baseUrl: string,
  slug: string,
  values: Record<string, unknown>,
  visitor: VisitorHeaders = {},
): Promise<ApiResponse<T>> {
  const altcha = 'altcha' in values ? values.altcha : await proofFor(baseUrl, slug, visitor);
  const response = await fetch(new URL(`/api/forms/${slug}/submissions`, baseUrl), {
    method: 'POST',
    headers: { ...headersOf(visitor), 'content-type': 'application/json' },
    body: JSON.stringify({ ...values, altcha }),
  });
  return answerOf<T>(response);
}
