import { Accordion, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconRestore } from "@tabler/icons-react";
import type { TMaterialSetting } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { ColorField } from "../ColorField";
import { SliderField } from "../SliderField";

/** Props of {@link MaterialsPanel}. */
export interface MaterialsPanelProps {
  /** Material names of the model, in file order. */
  materials: readonly string[];
  /** The file's own look of each material (from the engine), where known. */
  defaults: readonly TMaterialSetting[];
  settings: readonly TMaterialSetting[];
  onChange: (settings: TMaterialSetting[], key?: string) => void;
  onSeal: () => void;
}

/** Neutral values for a material the engine has not described. */
function neutral(material: string): TMaterialSetting {
  return {
    material,
    tone: "#ffffff",
    tone_exposure: 1,
    metalness: 0,
    roughness: 0.5,
    env_reflection: 1,
    opacity: 1,
  };
}

/** One row per material: tone colour and brightness, metalness, roughness, environment reflection. */
export function MaterialsPanel({ materials, defaults, settings, onChange, onSeal }: MaterialsPanelProps) {
  const { t } = useTranslation("content");
  if (materials.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="panel-materials">
        {t("materials.none")}
      </Text>
    );
  }

  const update = (name: string, change: Partial<TMaterialSetting>, key: string) => {
    const current =
      settings.find((s) => s.material === name) ?? defaults.find((d) => d.material === name) ?? neutral(name);
    const next: TMaterialSetting = { ...current, ...change, material: name, opacity: 1 };
    const others = settings.filter((s) => s.material !== name);
    onChange([...others, next], `material.${name}.${key}`);
  };

  return (
    <Stack gap="sm" data-testid="panel-materials">
      <Text size="sm" c="dimmed">
        {t("materials.intro")}
      </Text>
      <Accordion
        variant="separated"
        multiple
        defaultValue={materials.length === 1 ? [materials[0] ?? ""] : []}
      >
        {materials.map((name) => {
          const own = settings.find((s) => s.material === name);
          const value = own ?? defaults.find((d) => d.material === name) ?? neutral(name);
          return (
            <Accordion.Item key={name} value={name} data-testid="material-row">
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" gap="xs" pr="xs">
                  <Group gap="xs" wrap="nowrap" miw={0}>
                    <span
                      aria-hidden
                      style={{
                        width: 14,
                        height: 14,
                        borderRadius: 4,
                        background: value.tone,
                        border: "1px solid var(--mantine-color-gray-4)",
                        flex: "none",
                      }}
                    />
                    <Text size="sm" fw={600} truncate>
                      {name}
                    </Text>
                  </Group>
                  <Badge size="xs" variant="light" color={own ? "brand" : "gray"}>
                    {own ? t("materials.customised") : t("materials.original")}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <ColorField
                    label={t("materials.tone")}
                    value={value.tone}
                    onChange={(tone) => update(name, { tone }, "tone")}
                    onChangeEnd={onSeal}
                    testId="material-tone"
                  />
                  <SliderField
                    label={t("materials.toneExposure")}
                    value={value.tone_exposure}
                    min={0}
                    max={4}
                    onChange={(tone_exposure) => update(name, { tone_exposure }, "exposure")}
                    onChangeEnd={onSeal}
                  />
                  <SliderField
                    label={t("materials.metalness")}
                    value={value.metalness}
                    min={0}
                    max={1}
                    onChange={(metalness) => update(name, { metalness }, "metalness")}
                    onChangeEnd={onSeal}
                  />
                  <SliderField
                    label={t("materials.roughness")}
                    value={value.roughness}
                    min={0}
                    max={1}
                    onChange={(roughness) => update(name, { roughness }, "roughness")}
                    onChangeEnd={onSeal}
                  />
                  <SliderField
                    label={t("materials.envReflection")}
                    value={value.env_reflection}
                    min={0}
                    max={4}
                    onChange={(env_reflection) => update(name, { env_reflection }, "env")}
                    onChangeEnd={onSeal}
                  />
                  <Text size="xs" c="dimmed">
                    {t("materials.opacity")}
                  </Text>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconRestore size={14} />}
                    disabled={!own}
                    onClick={() => onChange(settings.filter((s) => s.material !== name))}
                    style={{ alignSelf: "flex-start" }}
                  >
                    {t("materials.reset")}
                  </Button>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
