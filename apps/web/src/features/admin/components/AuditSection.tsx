import { Alert, Button, Group, Loader, Pagination, Select, Stack, Text, TextInput } from "@mantine/core";
import { ADMIN_ACTIONS, adminAuditListCall } from "@vitrine/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useCall } from "../../../api/use-call";
import { AuditEntries, useActionLabel } from "./AuditEntries";

/** Console: the audit log, newest first, filtered by action and target, 20 a page. */
export default function AuditSection() {
  const { t } = useTranslation(["admin", "common"]);
  const label = useActionLabel();
  const [params, setParams] = useSearchParams();
  const action = params.get("action") ?? "";
  const target = params.get("target") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [targetDraft, setTargetDraft] = useState(target);
  const { data, error, isLoading } = useCall(adminAuditListCall, {
    page,
    ...(action ? { action } : {}),
    ...(target ? { target_id: target } : {}),
  });

  const apply = (next: { action?: string; target?: string; page?: number }) => {
    const merged = { action, target, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.action) search.set("action", merged.action);
    if (merged.target) search.set("target", merged.target);
    if (merged.page > 1) search.set("page", String(merged.page));
    setParams(search);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply({ target: targetDraft.trim() });
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <Stack gap="md">
      <Text c="dimmed">{t("audit.intro")}</Text>
      <form onSubmit={onSubmit}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t("audit.filterAction")}
            data={[
              { value: "all", label: t("audit.allActions") },
              ...ADMIN_ACTIONS.map((value) => ({ value, label: label(value) })),
            ]}
            value={action || "all"}
            onChange={(value) => apply({ action: value && value !== "all" ? value : "" })}
            allowDeselect={false}
            w={{ base: "100%", sm: 220 }}
          />
          <TextInput
            label={t("audit.filterTarget")}
            placeholder={t("audit.filterTargetHint")}
            value={targetDraft}
            onChange={(event) => setTargetDraft(event.currentTarget.value)}
            maxLength={254}
            w={{ base: "100%", sm: 320 }}
          />
          <Button type="submit" variant="light">
            {t("audit.filter")}
          </Button>
        </Group>
      </form>
      {error ? <Alert color="red">{t("loadFailed")}</Alert> : null}
      {isLoading && !data ? <Loader aria-label={t("common:loading")} /> : null}
      {data ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("audit.count", { count: data.total })}
          </Text>
          <AuditEntries docs={data.docs} />
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => apply({ page: next })}
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
