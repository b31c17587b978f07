import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Shoe } from '../../../domain/catalog';
import { isNotFound } from '../../api/http';
import { shoeQuery } from '../../api/use-shoe';
import { EmptyState } from '../../components/empty-state';
import { textLinkClass } from '../../components/forms/button-class';
import { PageLoading } from '../../components/page-loading';
import { RetryButton } from '../../components/retry-button';
import { ShoePicker } from './shoe-picker';
import { ShoeSummary } from './shoe-summary';
import { useShoeParam } from './use-shoe-param';

interface ChosenShoeProps {
  /** The page without `?shoe=` (its picker). */
  pickerPath: string;
  /** The page for one shoe: `?shoe=<id>`. */
  linkTo: (shoeId: string) => string;
  /** The form for the loaded shoe, under the summary of which shoe it is. */
  children: (shoe: Shoe) => ReactNode;
}

function LoadedShoe({ id, pickerPath, children }: { id: string } & Omit<ChosenShoeProps, 'linkTo'>) {
  // Always fetched anew on opening: the form must start from (and send the version of) the shoe as it is now.
  const {
    data: shoe,
    error,
    isFetchedAfterMount,
    refetch,
    isRefetching,
  } = useQuery({
    ...shoeQuery(id),
    refetchOnMount: 'always',
  });
  if (!isFetchedAfterMount) return <PageLoading />;
  if (shoe && !error) {
    return (
      <>
        <ShoeSummary shoe={shoe} changePath={pickerPath} />
        {children(shoe)}
      </>
    );
  }

  const notFound = isNotFound(error);
  return (
    <EmptyState title={notFound ? 'Shoe not found' : 'We could not load this shoe just now.'}>
      <div className="mt-2 flex flex-wrap items-center justify-center gap-4">
        {!notFound && <RetryButton onRetry={() => void refetch()} retrying={isRefetching} inRow />}
        <Link to={pickerPath} className={textLinkClass}>
          Choose another shoe
        </Link>
      </div>
    </EmptyState>
  );
}

/**
 * The shoe named by `?shoe=`, loaded, summed up and handed to `children`; without one, a picker that
 * sets it; an unknown id says so and offers the picker again.
 */
export function ChosenShoe({ pickerPath, linkTo, children }: ChosenShoeProps) {
  const id = useShoeParam();
  if (!id) return <ShoePicker linkTo={linkTo} />;
  // Keyed by the id: another shoe starts from a clean load and a fresh form.
  return (
    <LoadedShoe key={id} id={id} pickerPath={pickerPath}>
      {children}
    </LoadedShoe>
  );
}
