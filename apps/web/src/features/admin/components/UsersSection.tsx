import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { adminUserSearchCall } from "@vitrine/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { useCall } from "../../../api/use-call";
import { useAdminTime } from "../../../ui/console/admin-hooks";
import { UserBadges } from "./UserBadges";
import { UserDetail, type UserDetailProps } from "./UserDetail";

/** Search by e-mail, 20 a page; the query and page live in the URL so "back" keeps them. */
function UserSearch() {
  const { t } = useTranslation(["admin", "common"]);
  const time = useAdminTime();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [draft, setDraft] = useState(q);
  const { data, error, isLoading } = useCall(adminUserSearchCall, { q, page });
  const go = (next: { q?: string; page?: number }) => {
    const merged = { q, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.q) search.set("q", merged.q);
    if (merged.page > 1) search.set("page", String(merged.page));
    setParams(search);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: draft.trim() });
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const back = params.toString();

  return (
    <Stack gap="md">
      <Text c="dimmed">{t("users.intro")}</Text>
      <form onSubmit={onSubmit}>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={t("users.searchLabel")}
            placeholder={t("users.searchHint")}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            maxLength={254}
            style={{ flex: 1, maxWidth: 420 }}
          />
          <Button type="submit">{t("users.search")}</Button>
        </Group>
      </form>
      {error ? <Alert color="red">{t("loadFailed")}</Alert> : null}
      {isLoading && !data ? <Loader aria-label={t("common:loading")} /> : null}
      {data ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("users.count", { count: data.total })}
          </Text>
          {data.docs.length === 0 ? (
            <Text>{t("users.none")}</Text>
          ) : (
            <Paper withBorder radius="md">
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("users.email")}</Table.Th>
                    <Table.Th>{t("users.plan")}</Table.Th>
                    <Table.Th visibleFrom="sm">{t("users.created")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.docs.map((user) => (
                    <Table.Tr key={user.user_id}>
                      <Table.Td style={{ wordBreak: "break-all" }}>
                        <Link
                          to={`/Studio/admin/users/${encodeURIComponent(user.user_id)}${back ? `?${back}` : ""}`}
                        >
                          {user.email_id}
                        </Link>
                      </Table.Td>
                      <Table.Td>
                        <UserBadges user={user} />
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{time.day(user.created_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => go({ page: next })}
              getControlProps={(control) => ({
                "aria-label": control === "previous" ? t("previousPage") : t("nextPage"),
              })}
            />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Props of {@link UsersSection}. */
export interface UsersSectionProps {
  /** What an account's page shows of its payments (the console registry passes the billing area's). */
  Payments?: UserDetailProps["Payments"];
}

/** Console: accounts — `/Studio/admin/users` searches, `/Studio/admin/users/<id>` shows one. */
export default function UsersSection({ Payments }: UsersSectionProps) {
  const params = useParams();
  const userId = (params["*"] ?? "").split("/")[1];
  if (userId) return <UserDetail key={userId} userId={decodeURIComponent(userId)} Payments={Payments} />;
  return <UserSearch />;
}
