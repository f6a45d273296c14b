import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MaterialList, MaterialQuery } from '../../../api/materials';

export const PAGE_SIZES = [10, 20, 50];

/** Search text, page and size of one server-paged material table, and its query. */
export function useMaterialTable(
  scope: readonly unknown[],
  fetcher: (q: MaterialQuery) => Promise<MaterialList>,
  filter: Omit<MaterialQuery, 'page' | 'size' | 'search'>,
  enabled = true,
) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const query = useQuery({
    queryKey: [...scope, filter, search, page, size],
    queryFn: () => fetcher({ ...filter, search: search.trim() || undefined, page, size }),
    placeholderData: keepPreviousData,
    enabled,
  });
  return {
    query,
    search,
    setSearch: (s: string) => {
      setSearch(s);
      setPage(1);
    },
    pagination: {
      current: page,
      pageSize: size,
      total: query.data?.total ?? 0,
      pageSizeOptions: PAGE_SIZES,
      showSizeChanger: true,
      onChange: (p: number, s: number) => {
        setPage(s === size ? p : 1);
        setSize(s);
      },
    },
  };
}
