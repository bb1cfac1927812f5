import { Divider, Group, SegmentedControl, Select, Stack, Switch, Title } from "@mantine/core";
import { ENVIRONMENT_PRESETS, type TCameraView, TONE_MAPPINGS, type TSceneInfo } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { CameraViewField } from "../CameraViewField";
import { ColorField } from "../ColorField";
import { MediaList } from "../MediaList";
import { SliderField } from "../SliderField";

/** Props of {@link ScenePanel}. */
export interface ScenePanelProps {
  scene: TSceneInfo;
  onChange: (scene: TSceneInfo, key?: string) => void;
  onSeal: () => void;
  contentId: string;
  /** The camera view of the editor right now, or null before the model shows. */
  getCameraView: () => TCameraView | null;
}

/** Background, environment light, key light, shadows, tone mapping, initial camera, auto-rotate. */
export function ScenePanel({ scene, onChange, onSeal, contentId, getCameraView }: ScenePanelProps) {
  const { t } = useTranslation("content");
  const patch = <K extends keyof TSceneInfo>(field: K, value: TSceneInfo[K], key?: string) =>
    onChange({ ...scene, [field]: value }, key);
  const bg = scene.background;
  const light = scene.key_light;

  return (
    <Stack gap="md" data-testid="panel-scene">
      <Title order={3} size="h5">
        {t("scene.background")}
      </Title>
      <SegmentedControl
        fullWidth
        value={bg.type}
        onChange={(value) => {
          const type = (["color", "gradient", "image"] as const).find((v) => v === value);
          if (type) patch("background", { ...bg, type });
        }}
        data={(["color", "gradient", "image"] as const).map((value) => ({
          value,
          label: t(`scene.backgroundType.${value}`),
        }))}
        aria-label={t("scene.background")}
      />
      {bg.type !== "image" ? (
        <Group grow align="flex-start">
          <ColorField
            label={bg.type === "gradient" ? t("scene.colorTop") : t("scene.color")}
            value={bg.color}
            onChange={(color) => patch("background", { ...bg, color }, "bg.color")}
            onChangeEnd={onSeal}
            testId="background-color"
          />
          {bg.type === "gradient" ? (
            <ColorField
              label={t("scene.colorBottom")}
              value={bg.color2}
              onChange={(color2) => patch("background", { ...bg, color2 }, "bg.color2")}
              onChangeEnd={onSeal}
            />
          ) : null}
        </Group>
      ) : (
        <MediaList
          label={t("scene.image")}
          urls={bg.image ? [bg.image] : []}
          onChange={(urls) => patch("background", { ...bg, image: urls[urls.length - 1] ?? null })}
          kind="image"
          purpose="background"
          contentId={contentId}
          max={1}
        />
      )}

      <Divider />
      <Title order={3} size="h5">
        {t("scene.environment")}
      </Title>
      <Select
        label={t("scene.preset")}
        data={ENVIRONMENT_PRESETS.map((value) => ({ value, label: t(`scene.presets.${value}`) }))}
        value={scene.environment.preset}
        allowDeselect={false}
        onChange={(value) => {
          const preset = ENVIRONMENT_PRESETS.find((p) => p === value);
          if (preset) patch("environment", { ...scene.environment, preset });
        }}
      />
      <SliderField
        label={t("scene.intensity")}
        value={scene.environment.intensity}
        min={0}
        max={4}
        onChange={(intensity) => patch("environment", { ...scene.environment, intensity }, "env.intensity")}
        onChangeEnd={onSeal}
      />

      <Divider />
      <Title order={3} size="h5">
        {t("scene.keyLight")}
      </Title>
      <SliderField
        label={t("scene.azimuth")}
        value={light.azimuth}
        min={-180}
        max={180}
        step={1}
        precision={0}
        onChange={(azimuth) => patch("key_light", { ...light, azimuth }, "light.azimuth")}
        onChangeEnd={onSeal}
      />
      <SliderField
        label={t("scene.elevation")}
        value={light.elevation}
        min={-90}
        max={90}
        step={1}
        precision={0}
        onChange={(elevation) => patch("key_light", { ...light, elevation }, "light.elevation")}
        onChangeEnd={onSeal}
      />
      <SliderField
        label={t("scene.intensity")}
        value={light.intensity}
        min={0}
        max={10}
        step={0.05}
        onChange={(intensity) => patch("key_light", { ...light, intensity }, "light.intensity")}
        onChangeEnd={onSeal}
      />
      <ColorField
        label={t("scene.lightColor")}
        value={light.color}
        onChange={(color) => patch("key_light", { ...light, color }, "light.color")}
        onChangeEnd={onSeal}
      />

      <Divider />
      <Title order={3} size="h5">
        {t("scene.shadows")}
      </Title>
      <Switch
        label={t("scene.shadowsOn")}
        checked={scene.shadows.enabled}
        onChange={(e) => patch("shadows", { ...scene.shadows, enabled: e.currentTarget.checked })}
      />
      <SliderField
        label={t("scene.shadowOpacity")}
        value={scene.shadows.opacity}
        min={0}
        max={1}
        disabled={!scene.shadows.enabled}
        onChange={(opacity) => patch("shadows", { ...scene.shadows, opacity }, "shadows.opacity")}
        onChangeEnd={onSeal}
      />

      <Divider />
      <Title order={3} size="h5">
        {t("scene.toneMapping")}
      </Title>
      <Select
        label={t("scene.toneMapping")}
        data={TONE_MAPPINGS.map((value) => ({ value, label: t(`scene.toneMappings.${value}`) }))}
        value={scene.tone_mapping}
        allowDeselect={false}
        onChange={(value) => {
          const mapping = TONE_MAPPINGS.find((m) => m === value);
          if (mapping) patch("tone_mapping", mapping);
        }}
      />
      <SliderField
        label={t("scene.exposure")}
        value={scene.exposure}
        min={0}
        max={4}
        onChange={(exposure) => patch("exposure", exposure, "exposure")}
        onChangeEnd={onSeal}
      />

      <Divider />
      <CameraViewField
        kind="scene"
        view={scene.camera}
        getCameraView={getCameraView}
        onChange={(view) => patch("camera", view)}
      />
      <Switch
        label={t("scene.autoRotate")}
        checked={scene.auto_rotate}
        onChange={(e) => patch("auto_rotate", e.currentTarget.checked)}
      />
    </Stack>
  );
}
