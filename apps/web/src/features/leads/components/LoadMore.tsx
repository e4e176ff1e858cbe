/**
 * The end of a paged list: the next page loads when this comes into view (or with 'Cargar más'),
 * and once everything is loaded it says how many there are. Lists, the table and board columns share it.
 */
import { formatCount } from '@crm/domain';
import { Button, Center, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { useEffect } from 'react';

interface LoadMoreProps {
  /** The infinite query's paging state. */
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  loaded: number;
  /** The scrolling box the end is watched in (a board column); the page when absent. */
  root?: Element | null;
}

export function LoadMore({ pages, loaded, root }: LoadMoreProps) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const { ref, entry } = useIntersection({ root, rootMargin: '400px' });
  const endVisible = entry?.isIntersecting ?? false;

  useEffect(() => {
    if (endVisible && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [endVisible, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Center ref={ref} py="sm">
      {hasNextPage ? (
        <Button variant="subtle" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          Cargar más
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {formatCount(loaded, 'lead', 'leads')}
        </Text>
      )}
    </Center>
  );
}
