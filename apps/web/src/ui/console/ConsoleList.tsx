import { Group, Pagination, Stack, Text } from "@mantine/core";
import { Fragment, type ReactNode } from "react";

/** One page of a console list, as the list calls answer it. */
export interface TConsolePage<T> {
  docs: readonly T[];
  total: number;
  page_size: number;
}

/** Props of {@link ConsoleList}. */
export interface ConsoleListProps<T extends { id: string }> {
  /** What stands above the rows: the intro, the filters, a "new" button. */
  toolbar: ReactNode;
  /** The page shown; null while it loads. */
  data: TConsolePage<T> | null;
  emptyText: string;
  row: (doc: T) => ReactNode;
  page: number;
  onPage: (page: number) => void;
  /** The list's dialogs. */
  children?: ReactNode;
}

/** A console page's list (production requests, Q&A posts): filters, rows, pages, dialogs. */
export function ConsoleList<T extends { id: string }>({
  toolbar,
  data,
  emptyText,
  row,
  page,
  onPage,
  children,
}: ConsoleListProps<T>) {
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  return (
    <Stack gap="md">
      {toolbar}
      {data && data.docs.length === 0 ? <Text c="dimmed">{emptyText}</Text> : null}
      {data?.docs.map((doc) => (
        <Fragment key={doc.id}>{row(doc)}</Fragment>
      ))}
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={onPage} />
        </Group>
      ) : null}
      {children}
    </Stack>
  );
}
