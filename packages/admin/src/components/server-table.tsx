/**
 * The console's one way to show a server-paged list: `useServerTable` asks an endpoint for the page of the
 * current filters (the previous page stays on screen while the next one loads, and a change of filters
 * goes back to page 1), `ServerTable` shows it with its error state, and `FilterBar` is the inline filter
 * form above it with its search (and reset) buttons. A page passes only its filters and its columns.
 */
import type { Endpoint, EndpointData, EndpointInput } from '@haoka/contract';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, type FormInstance, Select, Table, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../platform/request';
import { rangeOf } from './format';
import { serverPagination, TableError } from './table-state';

/** The row type of a paged endpoint (`{ list, total }`). */
export type RowOf<E> = EndpointData<E> extends { list: (infer Row)[] } ? Row : never;
/** What a paged endpoint takes besides the page. */
export type FiltersOf<E> = Omit<EndpointInput<E>, 'page' | 'pageSize'>;

export interface ServerTableState<E, Row = RowOf<E>> {
  /** The list query (refetch it after a write on a row; or invalidate its key). */
  query: UseQueryResult<EndpointData<E>>;
  page: number;
  pageSize: number;
  /** The page sizes offered (the endpoint's `pageSize` maximum bounds them). */
  sizes: readonly number[];
  setPage: (page: number, pageSize: number) => void;
  /** Only for the row type's inference in ServerTable. */
  readonly row?: Row;
}

export interface ServerTableOptions {
  /**
   * The query key's prefix, so writes elsewhere can invalidate the list (e.g. ORDERS_KEY); the page's
   * query is appended. Default `['admin', endpoint.path]`.
   */
  key?: readonly unknown[];
  sizes?: readonly number[];
  pageSize?: number;
}

/** The page of `filters` from a paged endpoint; page 1 again whenever the filters change. */
export function useServerTable<E extends Endpoint>(
  endpoint: E,
  filters: FiltersOf<E>,
  { key, sizes = [10, 20, 50, 100], pageSize = 20 }: ServerTableOptions = {},
): ServerTableState<E> {
  const filterKey = JSON.stringify(filters);
  const [state, setState] = useState({ page: 1, pageSize, filterKey });
  let current = state;
  if (state.filterKey !== filterKey) {
    // New filters: back to the first page, in this very render (no request for the old page number).
    current = { ...state, page: 1, filterKey };
    setState(current);
  }
  const query = { ...filters, page: current.page, pageSize: current.pageSize } as EndpointInput<E>;
  const list = useQuery({
    queryKey: [...(key ?? ['admin', endpoint.path]), query],
    queryFn: () => request(endpoint, query),
    placeholderData: keepPreviousData,
  });
  return {
    query: list,
    page: current.page,
    pageSize: current.pageSize,
    sizes,
    setPage: (page, size) => setState((s) => ({ ...s, page, pageSize: size })),
  };
}

type ServerTableProps<E, Row> = Omit<TableProps<Row>, 'loading' | 'dataSource' | 'pagination' | 'locale'> & {
  table: ServerTableState<E, Row>;
};

/** The table of a `useServerTable` page: its error (with a retry), rows, loading state and pagination. */
export function ServerTable<E, Row extends object>({ table, ...props }: ServerTableProps<E, Row>) {
  const { t } = useTranslation();
  const { query } = table;
  const data = query.data as { list: Row[]; total: number } | undefined;
  return (
    <>
      {query.isError && <TableError error={query.error} retry={() => void query.refetch()} />}
      <Table<Row>
        {...props}
        loading={query.isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: t('common.empty') }}
        pagination={serverPagination(table.page, table.pageSize, data?.total, table.setPage, t, table.sizes)}
      />
    </>
  );
}

/** The `from` (inclusive) and `to` (exclusive) of a filter bar's date range, epoch ms of whole days. */
export interface DateRange {
  from?: number;
  to?: number;
}

interface FilterBarProps<Values> {
  /** The form's name, which prefixes its fields' ids (where a drawer's form on the page has fields of the same names). */
  name?: string;
  /** The submitted values (after the fields' own rules pass), with `from`/`to` of the date range if any. */
  onSearch: (values: Values & DateRange) => void;
  /** Ends the fields with a date range, sent as `from` and `to`. */
  dateRange?: boolean;
  /** Shows a reset button: the fields go back to their initial values, then this runs. */
  onReset?: () => void;
  initialValues?: Partial<Values>;
  /** The page's own form instance, when it sets or reads the fields itself. */
  form?: FormInstance<Values>;
  /** The filter fields (Form.Items). */
  children: ReactNode;
  /** Shown after the buttons, in the same row (e.g. a batch action). */
  extra?: ReactNode;
}

/** The inline filter form above a table: its fields (and date range), then search (and reset). */
export function FilterBar<Values extends object>({
  name,
  onSearch,
  dateRange = false,
  onReset,
  initialValues,
  form,
  children,
  extra,
}: FilterBarProps<Values>) {
  const { t } = useTranslation();
  return (
    <Form
      name={name}
      form={form}
      layout="inline"
      style={{ marginBottom: 16, rowGap: 8 }}
      initialValues={initialValues}
      onFinish={(values: Values & { range?: [Dayjs | null, Dayjs | null] | null }) => {
        if (!dateRange) return onSearch(values);
        const { range, ...rest } = values;
        onSearch({ ...rest, ...rangeOf(range) } as Values & DateRange);
      }}
      onReset={onReset}
    >
      {children}
      {dateRange && (
        <Form.Item label={t('common.dateRange')} name="range">
          <DatePicker.RangePicker />
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form.Item>
      {onReset && (
        <Form.Item>
          <Button htmlType="reset">{t('common.reset')}</Button>
        </Form.Item>
      )}
      {extra}
    </Form>
  );
}

/** The value of a SelectFilter's "all" option: no filter. */
export const ALL = 'all';

/** A filter field choosing one of `options`, or `all` (its first option and initial value: no filter). */
export function SelectFilter<V extends string | number>({
  label,
  name,
  all,
  options,
  width,
}: {
  label: string;
  name: string;
  /** The label of the "all" option. */
  all: string;
  options: readonly { value: V; label: string }[];
  width: number;
}) {
  return (
    <Form.Item label={label} name={name} initialValue={ALL}>
      <Select aria-label={label} style={{ width }} options={[{ value: ALL, label: all }, ...options]} />
    </Form.Item>
  );
}

/** A SelectFilter's value as the wire's: nothing for "all" (or no value). */
export function unlessAll<V>(value: V | typeof ALL | undefined): V | undefined {
  return value === ALL ? undefined : value;
}
