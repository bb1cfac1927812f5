import { Chip, Group, ScrollArea, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import type { TExhibitionCategory } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import type { TLanguage } from "../../../stores/language";
import { textIn } from "../lib/texts";

/** Props of {@link BoothFilters}. */
export interface BoothFiltersProps {
  search: string;
  onSearch: (value: string) => void;
  category: string | null;
  onCategory: (key: string | null) => void;
  /** Enter in the search box: the hall flies to the first booth found. */
  onFind?: () => void;
  categories: readonly TExhibitionCategory[];
  lang: TLanguage;
}

/** Search by name and the category chips, shared by the hall and the list. */
export function BoothFilters({
  search,
  onSearch,
  category,
  onCategory,
  onFind,
  categories,
  lang,
}: BoothFiltersProps) {
  const { t } = useTranslation("exhibition");
  return (
    <Group gap="sm" align="center" wrap="wrap">
      <TextInput
        type="search"
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") onFind?.();
        }}
        placeholder={t("hall.searchPlaceholder")}
        aria-label={t("hall.search")}
        leftSection={<IconSearch size={16} />}
        style={{ flex: "1 1 220px", maxWidth: 360 }}
      />
      {categories.length > 0 ? (
        <ScrollArea type="never" style={{ flex: "1 1 260px" }}>
          <Chip.Group value={category ?? ""} onChange={(v) => onCategory(v === "" ? null : String(v))}>
            <Group gap={6} wrap="nowrap" role="group" aria-label={t("hall.category")}>
              <Chip value="" size="sm">
                {t("hall.allCategories")}
              </Chip>
              {categories.map((c) => (
                <Chip key={c.key} value={c.key} size="sm">
                  {textIn(c.name, lang)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </ScrollArea>
      ) : null}
    </Group>
  );
}
