/**
 * The detail behind a content drawer (a layout, a promoter), by code: `null` while a new one is being
 * made. A save puts the answer in the cache, turns a new item into the saved one and bumps `version`, so
 * the form (keyed by it) starts again from what the server stored.
 */
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { TableError } from '../../components/table-state';

export interface SavedDetail<T> {
  /** The code shown, null for a new item not saved yet. */
  current: string | null;
  /** How many saves this drawer has made. */
  version: number;
  detail: UseQueryResult<T>;
  onSaved: (saved: T) => void;
}

export function useSavedDetail<T extends { code: string }>(
  key: readonly unknown[],
  code: string | null,
  load: (code: string) => Promise<T>,
): SavedDetail<T> {
  const client = useQueryClient();
  const [current, setCurrent] = useState<string | null>(code);
  const [version, setVersion] = useState(0);
  const detail = useQuery({
    queryKey: [...key, 'detail', current],
    queryFn: () => load(current as string),
    enabled: current !== null,
  });
  const onSaved = (saved: T) => {
    client.setQueryData([...key, 'detail', saved.code], saved);
    setCurrent(saved.code);
    setVersion((v) => v + 1);
  };
  return { current, version, detail, onSaved };
}

/** The drawer's body: the load's error (with a retry), a spinner while it loads, then `children`. */
export function DetailBody<T>({ state, children }: { state: SavedDetail<T>; children: ReactNode }) {
  const { current, detail } = state;
  return (
    <>
      {current && detail.isError && <TableError error={detail.error} retry={() => void detail.refetch()} />}
      {current && !detail.data ? detail.isPending ? <Spin /> : null : children}
    </>
  );
}
