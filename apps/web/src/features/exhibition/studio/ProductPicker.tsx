import { ActionIcon, Checkbox, Group, Paper, Radio, Stack, Text } from "@mantine/core";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import type { TBoothProduct } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import classes from "../components/exhibition.module.css";

/** Props of {@link ProductPicker}. */
export interface ProductPickerProps {
  /** The owner's ready contents. */
  ready: readonly TBoothProduct[];
  /** Chosen content ids, in booth order. */
  value: string[];
  hero: string | null;
  max: number;
  onChange: (ids: string[], hero: string | null) => void;
}

/** The booth's products: chosen from the owner's ready contents, ordered, one of them the hero. */
export function ProductPicker({ ready, value, hero, max, onChange }: ProductPickerProps) {
  const { t } = useTranslation("exhibition");
  const byId = new Map(ready.map((p) => [p.content_id, p]));
  const chosen = value.filter((id) => byId.has(id));
  const rest = ready.filter((p) => !chosen.includes(p.content_id));
  const isFull = chosen.length >= max;

  const move = (index: number, by: -1 | 1) => {
    const next = [...chosen];
    const [item] = next.splice(index, 1);
    if (item === undefined) return;
    next.splice(index + by, 0, item);
    onChange(next, hero);
  };
  const remove = (id: string) => {
    const next = chosen.filter((x) => x !== id);
    onChange(next, hero === id ? (next[0] ?? null) : hero);
  };
  const add = (id: string) => onChange([...chosen, id], hero ?? id);

  if (ready.length === 0) return <Text c="dimmed">{t("studio.noReadyContents")}</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t("studio.productsUsed", { used: chosen.length, max })}
      </Text>
      <Radio.Group value={hero ?? ""} onChange={(v) => onChange(chosen, v)} label={t("studio.hero")}>
        <Stack gap={6} mt={6}>
          {chosen.map((id, i) => {
            const p = byId.get(id);
            if (!p) return null;
            return (
              <Paper key={id} withBorder radius="sm" p={6}>
                <Group gap="xs" wrap="nowrap">
                  <Checkbox
                    checked
                    onChange={() => remove(id)}
                    aria-label={t("studio.removeProduct", { title: p.title })}
                  />
                  {p.thumbnail_url ? (
                    <img
                      src={p.thumbnail_url}
                      alt=""
                      width={48}
                      height={36}
                      style={{ objectFit: "cover", borderRadius: 4 }}
                    />
                  ) : (
                    <span className={classes.shelfThumb} style={{ width: 48 }} />
                  )}
                  <Text size="sm" style={{ flex: 1, minWidth: 0 }} lineClamp={1}>
                    {p.title}
                  </Text>
                  <Radio value={id} aria-label={t("studio.heroOf", { title: p.title })} />
                  <ActionIcon
                    variant="subtle"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={t("studio.moveUp", { title: p.title })}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    disabled={i === chosen.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={t("studio.moveDown", { title: p.title })}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </Radio.Group>
      {rest.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t("studio.addProducts")}
          </Text>
          {rest.map((p) => (
            <Checkbox
              key={p.content_id}
              checked={false}
              disabled={isFull}
              label={p.title}
              onChange={() => add(p.content_id)}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
