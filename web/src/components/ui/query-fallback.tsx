import { Card } from './card';
import { LoadingState } from './spinner';
import { ErrorState } from './states';

/**
 * What a card shows until its query has data: the spinner, or the error in a card with 'Tentar
 * novamente'. Usage: `if (!query.isSuccess) return <QueryFallback query={query} errorMessage="…" />;`
 * (its own module: states.tsx is in the entry chunk, Card is not).
 */
export function QueryFallback({ query, errorMessage }: { query: { isError: boolean; isFetching: boolean; refetch: () => unknown }; errorMessage: string }) {
  if (!query.isError) return <LoadingState />;
  return (
    <Card>
      <ErrorState message={errorMessage} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    </Card>
  );
}
